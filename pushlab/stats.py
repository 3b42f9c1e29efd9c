"""Confidence intervals: the one home of pushlab's interval arithmetic (see docs/statistics.md).

- **Rates** (0/1 outcomes, or win shares): :func:`proportion_ci` gives the Wilson score
  interval (default) or the Clopper-Pearson interval; :func:`rate_ci` does it for a sample
  (or for each column of a games x k array). Neither ever has zero width.
- **Win shares** of tied games (1/m for each of m tied winners) are not 0/1 outcomes. They
  are treated as ``k = sum of shares`` successes in ``n`` games. A share lies in [0, 1],
  and a [0, 1]-valued outcome with mean p has variance at most p(1 - p), the Bernoulli
  variance, so the Wilson interval of the summed shares is valid (a little conservative
  when ties are common) and has positive width for every n >= 1. Clopper-Pearson, which
  needs whole counts, rounds k down for the lower bound and up for the upper bound.
- **Means** (scores, points): :func:`mean_ci` / :func:`column_mean_ci` use the Student t
  quantile with n - 1 degrees of freedom. One value gives no interval (NaN); UIs say
  "not enough games" (:func:`format_ci`).
- **Comparisons** on common random numbers (the same games, the same seeds):
  :func:`paired_diff_ci` (t interval of the per-game differences; :func:`diff_ci` is
  the Welch interval for samples that share nothing) and, for rates,
  :func:`paired_rate_diff_ci` (Agresti-Min: the Wald interval after adding half a
  pseudo-game to each cell of the paired 2 x 2 table; never zero width).
- **Checks:** :func:`agrees` / :func:`rate_agrees` ("within k standard errors").
- **Planning and teaching:** :func:`games_needed` (a given precision),
  :func:`games_for_power` and :func:`detection_chance` (a given chance to detect an edge),
  :func:`wald_ci` (the naive interval, kept only to show why it was dropped),
  :func:`coverage` (exact coverage by summing binomial probabilities),
  :func:`simulated_coverage`, and the Monte Carlo band of lesson 10:
  :func:`band_coverage` (exact, at one n) and :func:`band_run` (simulated, a whole run).

Quantiles come from the standard library and a few lines of numpy, not scipy: the normal
from :class:`statistics.NormalDist`; Student t by bisection on its closed-form CDF for
integer degrees of freedom (Abramowitz & Stegun 26.7.3-4), with the Cornish-Fisher
expansion above 200 degrees of freedom; Clopper-Pearson by bisection on the binomial CDF.
Tests check them against published tables.

>>> [round(x, 4) for x in proportion_ci(20, 20)]
[0.8389, 1.0]
>>> m, h = mean_ci([1.0]); m, h
(1.0, nan)
"""

from __future__ import annotations

import math
from functools import lru_cache
from statistics import NormalDist

import numpy as np

from pushlab.checks import is_count
from pushlab.errors import PushlabError

__all__ = ["Z95", "normal_quantile", "t_quantile", "proportion_ci", "wald_ci", "rate_ci",
           "mean_ci", "column_mean_ci", "diff_ci", "paired_diff_ci", "paired_rate_diff_ci", "agrees",
           "rate_agrees", "rate_se", "games_needed", "games_for_power", "detection_chance",
           "band_coverage", "band_run", "coverage", "coverage_table", "simulated_coverage",
           "format_ci", "NOT_ENOUGH", "METHODS"]

Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal
METHODS = ("wilson", "clopper-pearson", "wald")
NOT_ENOUGH = "not enough games"
_T_EXACT_DF = 200  # above this, Student t quantiles come from the Cornish-Fisher expansion


# ---------------------------------------------------------------------- quantiles
def _level(level) -> float:
    """Check a confidence level in (0, 1)."""
    if isinstance(level, bool) or not isinstance(level, (int, float, np.floating)) \
            or not 0 < level < 1:
        raise PushlabError(f"confidence level must be a number between 0 and 1, got {level!r}")
    return float(level)


def normal_quantile(q: float) -> float:
    """The ``q`` quantile of the standard normal.

    >>> round(normal_quantile(0.975), 6)
    1.959964
    """
    return NormalDist().inv_cdf(_level(q))


def _t_abs_cdf(t: float, df: int) -> float:
    """P(|T| < t) for Student's t with integer ``df`` (Abramowitz & Stegun 26.7.3-4)."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    if df % 2:  # odd: 2/pi * (theta + sin cos * (1 + 2/3 cos^2 + 2*4/(3*5) cos^4 + ...))
        j = np.arange(1, (df - 1) // 2)
        series = 1 + np.cumprod(2 * j / (2 * j + 1) * c2).sum() if df > 1 else 0.0
        return 2 / math.pi * (theta + math.sin(theta) * math.cos(theta) * series)
    j = np.arange(1, df // 2)  # even: sin * (1 + 1/2 cos^2 + 1*3/(2*4) cos^4 + ...)
    return math.sin(theta) * (1 + np.cumprod((2 * j - 1) / (2 * j) * c2).sum())


@lru_cache(maxsize=1024)
def t_quantile(q: float, df: int) -> float:
    """The ``q`` quantile of Student's t with ``df`` degrees of freedom.

    >>> round(t_quantile(0.975, 1), 3), round(t_quantile(0.975, 9), 3), round(t_quantile(0.975, 1000), 3)
    (12.706, 2.262, 1.962)
    """
    q = _level(q)
    if not is_count(df):
        raise PushlabError(f"degrees of freedom must be a positive int, got {df!r}")
    if q < 0.5:
        return -t_quantile(1 - q, df)
    z = normal_quantile(q)
    if df > _T_EXACT_DF:
        v = float(df)
        return (z + (z**3 + z) / (4 * v) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * v**2)
                + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * v**3)
                + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / (92160 * v**4))
    target, lo, hi = 2 * q - 1, 0.0, 1.0
    while _t_abs_cdf(hi, df) < target:
        hi *= 2
    for _ in range(100):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if _t_abs_cdf(mid, df) < target else (lo, mid)
        if hi - lo < 1e-12 * hi:
            break
    return (lo + hi) / 2


# ---------------------------------------------------------------------- rates
def _counts(k, n):
    """Check successes ``k`` (may be fractional, as summed win shares) and trials ``n``."""
    k, n = np.asarray(k, dtype=float), np.asarray(n, dtype=float)
    if np.any(~np.isfinite(n)) or np.any(n < 1) or np.any(n != np.round(n)):
        raise PushlabError(f"a rate needs a whole number of games n >= 1, got n={n.tolist()!r}")
    tol = 1e-9 * np.maximum(n, 1)  # summed shares may miss 0 or n by a rounding error
    if np.any(~np.isfinite(k)) or np.any(k < -tol) or np.any(k > n + tol):
        raise PushlabError(f"successes must lie between 0 and n, got k={k.tolist()!r}, "
                           f"n={n.tolist()!r}")
    return np.clip(k, 0, n), n


def _log_choose(n: int) -> np.ndarray:
    """log C(n, i) for i = 0..n."""
    logfact = np.concatenate(([0.0], np.cumsum(np.log(np.arange(1, n + 1)))))
    return logfact[n] - logfact - logfact[::-1]


def _binom_cdf(k, n: int, p) -> np.ndarray:
    """P(X <= k) for X ~ Binomial(n, p), elementwise over arrays ``k`` and ``p`` (log space)."""
    k, p = np.broadcast_arrays(np.asarray(k), np.asarray(p, dtype=float))
    i = np.arange(n + 1)
    with np.errstate(divide="ignore", invalid="ignore"):
        logp = (_log_choose(n) + i * np.log(p[..., None]) + (n - i) * np.log1p(-p[..., None]))
    logp = np.where((i <= k[..., None]) & ~np.isnan(logp), logp, -np.inf)
    top = logp.max(-1, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0)
    return np.minimum(1.0, np.exp(top[..., 0]) * np.exp(logp - top).sum(-1))


def _solve_p(f, target, shape) -> np.ndarray:
    """The p in (0, 1) where the decreasing function ``f(p)`` equals ``target`` (bisection)."""
    lo, hi = np.zeros(shape), np.ones(shape)
    for _ in range(55):
        mid = (lo + hi) / 2
        above = f(mid) > target
        lo, hi = np.where(above, mid, lo), np.where(above, hi, mid)
    return (lo + hi) / 2


def _clopper_pearson(k, n: int, alpha: float):
    """Clopper-Pearson bounds for successes ``k`` (an array, may be fractional) of ``n`` trials.

    A fractional k uses floor(k) for the lower bound and ceil(k) for the upper bound.
    """
    k_low, k_high = np.floor(k).astype(int), np.ceil(k).astype(int)
    low = _solve_p(lambda p: _binom_cdf(k_low - 1, n, p), 1 - alpha / 2, k.shape)
    high = _solve_p(lambda p: _binom_cdf(k_high, n, p), alpha / 2, k.shape)
    return np.where(k_low == 0, 0.0, low), np.where(k_high == n, 1.0, high)


def _wilson(k, n, z):
    """Wilson score bounds (arrays)."""
    p = k / n
    centre = (k + z * z / 2) / (n + z * z)
    half = z / (n + z * z) * np.sqrt(np.maximum(n * p * (1 - p), 0) + z * z / 4)
    return np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)


def proportion_ci(k, n, level: float = 0.95, method: str = "wilson"):
    """Confidence interval ``(low, high)`` of a rate from ``k`` successes in ``n`` trials.

    ``method``: ``"wilson"`` (score interval, the default) or ``"clopper-pearson"``
    (exact, conservative); ``"wald"`` is :func:`wald_ci`, for teaching only. ``k`` may be
    fractional (summed win shares, see the module doc); ``k`` and ``n`` may be arrays.

    >>> [round(x, 4) for x in proportion_ci(0, 10, method="clopper-pearson")]
    [0.0, 0.3085]
    >>> proportion_ci(np.array([1, 5]), 10)[1].round(3).tolist()
    [0.404, 0.763]
    """
    alpha = 1 - _level(level)
    k, n = _counts(k, n)
    z = normal_quantile(1 - alpha / 2)
    if method == "wilson":
        low, high = _wilson(k, n, z)
    elif method == "wald":
        return wald_ci(k, n, level)
    elif method == "clopper-pearson":
        kb, nb = (x.astype(float) for x in np.broadcast_arrays(k, n))
        low, high = np.empty(kb.shape), np.empty(kb.shape)
        for size in np.unique(nb):
            at = nb == size
            low[at], high[at] = _clopper_pearson(kb[at], int(size), alpha)
    else:
        raise PushlabError(f"unknown interval method {method!r}; choose wilson or clopper-pearson")
    return (float(low), float(high)) if np.ndim(low) == 0 else (low, high)


def wald_ci(k, n, level: float = 0.95):
    """The naive normal interval p ± z·sqrt(p(1-p)/n), clipped to [0, 1] (teaching only).

    It has zero width at k = 0 and k = n; docs/statistics.md shows its poor coverage.

    >>> wald_ci(0, 20)
    (0.0, 0.0)
    """
    alpha = 1 - _level(level)
    k, n = _counts(k, n)
    p = k / n
    half = normal_quantile(1 - alpha / 2) * np.sqrt(p * (1 - p) / n)
    low, high = np.clip(p - half, 0, 1), np.clip(p + half, 0, 1)
    return (float(low), float(high)) if np.ndim(low) == 0 else (low, high)


def rate_ci(values, level: float = 0.95, method: str = "wilson"):
    """``(rate, low, high)`` of 0/1 outcomes or win shares in [0, 1] (per column of a 2-D array).

    >>> r, lo, hi = rate_ci([1, 0, 0.5, 1]); r, round(lo, 3), round(hi, 3)
    (0.625, 0.219, 0.908)
    """
    values = np.asarray(values, dtype=float)
    if values.size == 0 or len(values) == 0:
        raise PushlabError("a rate needs at least one game")
    if np.any((values < 0) | (values > 1)) or np.any(np.isnan(values)):
        raise PushlabError("rate outcomes must lie between 0 and 1 (wins or win shares)")
    k, n = values.sum(0), len(values)
    low, high = proportion_ci(k, n, level, method)
    rate = k / n
    return (float(rate), low, high) if np.ndim(rate) == 0 else (rate, low, high)


def rate_se(p, n):
    """Standard error sqrt(p(1-p)/n) of a rate estimated from ``n`` trials when the truth is ``p``.

    >>> rate_se(0.5, 100)
    0.05
    """
    se = np.sqrt(np.asarray(p, dtype=float) * (1 - np.asarray(p, dtype=float)) / n)
    return float(se) if se.ndim == 0 else se


# ---------------------------------------------------------------------- means
def _sample(values, what="mean_ci"):
    """Values as a float array with at least one row."""
    arr = np.asarray(values, dtype=float)
    if arr.size == 0 or len(arr) == 0:
        raise PushlabError(f"{what} needs at least one value")
    return arr


def _t_half(sd, n: int, level: float):
    """Half-width t·sd/sqrt(n) with n - 1 degrees of freedom (NaN when n == 1)."""
    if n < 2:
        return np.full_like(np.asarray(sd, dtype=float), np.nan)
    return t_quantile(1 - (1 - _level(level)) / 2, n - 1) * sd / math.sqrt(n)


def mean_ci(values, level: float = 0.95):
    """Mean of ``values`` and the half-width of its t confidence interval (NaN for one value).

    >>> m, h = mean_ci([1, 0, 1, 0]); (m, round(h, 3))
    (0.5, 0.919)
    """
    arr = _sample(values).ravel()
    return float(arr.mean()), float(_t_half(arr.std(ddof=1) if arr.size > 1 else 0.0,
                                            arr.size, level))


def column_mean_ci(values, level: float = 0.95):
    """Column means of a games x k array and their t bounds ``(mean, low, high)``.

    With a single row the bounds are NaN (no interval: not enough games).

    >>> m, lo, hi = column_mean_ci(np.array([[1.0], [3.0]]))
    >>> m.tolist(), bool(lo[0] < 2 < hi[0])
    ([2.0], True)
    """
    values = _sample(values, "column_mean_ci")
    mean = values.mean(0)
    n = len(values)
    half = _t_half(values.std(0, ddof=1) if n > 1 else np.zeros_like(mean), n, level)
    return mean, mean - half, mean + half


# ---------------------------------------------------------------------- comparisons
def _paired(a, b):
    """Two paired samples of the same shape."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.shape != b.shape or a.size == 0:
        raise PushlabError(f"a paired comparison needs two samples of the same non-empty shape, "
                           f"got {a.shape} and {b.shape}")
    return a, b


def paired_diff_ci(a, b, level: float = 0.95):
    """``(mean of a - b, low, high)``: t interval of per-game differences on common random numbers.

    Pairing removes the luck both share (same deals, same seeds), so the interval is
    narrower than comparing two separate intervals. NaN bounds for one pair.

    >>> d, lo, hi = paired_diff_ci([3, 5, 4, 6], [1, 4, 2, 5]); d, round(lo, 3), round(hi, 3)
    (1.5, 0.581, 2.419)
    """
    a, b = _paired(a, b)
    d = a - b
    if d.ndim == 1:
        m, h = mean_ci(d, level)
        return m, m - h, m + h
    return column_mean_ci(d, level)


def diff_ci(a, b, level: float = 0.95):
    """``(mean a - mean b, low, high)`` for two *independent* samples (Welch t interval).

    The degrees of freedom are Welch-Satterthwaite's, rounded down (a little wider).
    This is the comparison to use when the two samples share no games; on the same
    games, :func:`paired_diff_ci` is narrower.

    >>> d, lo, hi = diff_ci([3, 5, 4, 6], [1, 4, 2, 5]); d, round(lo, 3), round(hi, 3)
    (1.5, -1.374, 4.374)
    """
    a, b = _sample(a, "diff_ci").ravel(), _sample(b, "diff_ci").ravel()
    d = float(a.mean() - b.mean())
    if a.size < 2 or b.size < 2:
        return d, float("nan"), float("nan")
    va, vb = a.var(ddof=1) / a.size, b.var(ddof=1) / b.size
    se = math.sqrt(va + vb)
    if se == 0:
        return d, d, d
    df = (va + vb) ** 2 / (va**2 / (a.size - 1) + vb**2 / (b.size - 1))
    half = t_quantile(1 - (1 - _level(level)) / 2, max(1, int(df))) * se
    return d, d - half, d + half


def paired_rate_diff_ci(a, b, level: float = 0.95):
    """``(rate a - rate b, low, high)`` for paired 0/1 outcomes or win shares (Agresti-Min).

    Each pair contributes d = a - b in [-1, 1]. Half a pseudo-pair is added to each cell
    of the 2 x 2 table (d = +1 and d = -1 with weight 1/2, d = 0 with weight 1) and the
    Wald interval is taken on the n + 2 pairs: good coverage, never zero width. The
    reported difference is the plain one, (sum d) / n.

    >>> d, lo, hi = paired_rate_diff_ci([1] * 20, [0] * 20); d, round(lo, 3), hi
    (1.0, 0.76, 1.0)
    """
    a, b = _paired(a, b)
    if np.any((a < 0) | (a > 1) | (b < 0) | (b > 1)):
        raise PushlabError("rate outcomes must lie between 0 and 1 (wins or win shares)")
    d = a - b
    n = len(d)
    big_n = n + 2
    mean = d.sum(0) / big_n
    var = (np.square(d).sum(0) + 1) / big_n - mean**2
    half = normal_quantile(1 - (1 - _level(level)) / 2) * np.sqrt(np.maximum(var, 0) / big_n)
    low, high = np.clip(mean - half, -1, 1), np.clip(mean + half, -1, 1)
    raw = d.mean(0)
    low, high = np.minimum(low, raw), np.maximum(high, raw)
    if np.ndim(raw) == 0:
        return float(raw), float(low), float(high)
    return raw, low, high


# ---------------------------------------------------------------------- checks and planning
def agrees(estimate, target, se, k: float = 4.0) -> bool:
    """True if every ``estimate`` lies within ``k`` standard errors ``se`` of ``target``.

    The check used when a simulation is compared with an exact value (or another
    simulation: pass the standard error of the difference).

    >>> agrees(0.52, 0.5, 0.01), agrees(0.56, 0.5, 0.01)
    (True, False)
    """
    estimate, target, se = (np.asarray(x, dtype=float) for x in (estimate, target, se))
    if np.any(se < 0) or np.any(np.isnan(se)):
        raise PushlabError(f"a standard error must be >= 0, got {se.tolist()!r}")
    return bool(np.all(np.abs(estimate - target) <= k * np.maximum(se, 1e-12)))


def rate_agrees(hits, n, p, k: float = 4.0) -> bool:
    """True if ``hits`` successes in ``n`` trials agree with the exact chance ``p`` within k SE.

    The standard error is the one of the exact chance, sqrt(p(1-p)/n).

    >>> rate_agrees(510, 1000, 0.5), rate_agrees(600, 1000, 0.5)
    (True, False)
    """
    p = np.asarray(p, dtype=float)
    return agrees(np.asarray(hits, dtype=float) / n, p, np.sqrt(p * (1 - p) / n), k)


def games_needed(half_width: float, p: float = 0.5, level: float = 0.95) -> int:
    """Games needed for a rate near ``p`` to be known within ± ``half_width``.

    n = z² p(1-p) / half_width²; p = 0.5 is the worst case. To tell whether a bot's
    edge d over another is real, ask for ``half_width`` below d.

    >>> games_needed(0.05), games_needed(0.01), games_needed(0.01, p=0.02)
    (385, 9604, 753)
    """
    if not 0 < half_width < 1:
        raise PushlabError(f"half_width must be between 0 and 1, got {half_width!r}")
    if not 0 < p < 1:
        raise PushlabError(f"p must be between 0 and 1, got {p!r}")
    z = normal_quantile(1 - (1 - _level(level)) / 2)
    return math.ceil(z * z * p * (1 - p) / half_width**2 - 1e-9)


def _normal_cdf(x: float) -> float:
    """P(Z <= x) for the standard normal."""
    return NormalDist().cdf(x)


def _power_args(edge, p, power, level, rates):
    """Check the arguments of :func:`games_for_power` / :func:`detection_chance`."""
    if not 0 < edge < 1:
        raise PushlabError(f"edge must be between 0 and 1, got {edge!r}")
    if not 0 < p < 1:
        raise PushlabError(f"p must be between 0 and 1, got {p!r}")
    if power is not None and not 0 < power < 1:
        raise PushlabError(f"power must be between 0 and 1, got {power!r}")
    if rates not in (1, 2):
        raise PushlabError(f"rates must be 1 (against a known rate) or 2 (two estimated rates), got {rates!r}")
    return normal_quantile(1 - (1 - _level(level)) / 2)


def games_for_power(edge: float, p: float = 0.5, power: float = 0.8, level: float = 0.95,
                    rates: int = 1) -> int:
    """Games needed so that a real edge ``edge`` over a rate near ``p`` is detected with
    chance ``power``: the 95% interval (``level``) then excludes "no difference" that often.

    Normal approximation: n = (z + z_power)² · rates · p(1-p) / edge², with z the interval's
    quantile (1.96) and z_power the ``power`` quantile (0.84 for 80%). ``rates=1`` compares
    one estimated rate with a known one (a bot against the fair 50%); ``rates=2`` compares
    two estimated rates with ``n`` games each (twice as many). Asking only for a half-width
    of ``edge`` (:func:`games_needed`) detects the edge about half the time
    (:func:`detection_chance`).

    >>> games_for_power(0.02), games_for_power(0.02, rates=2), games_needed(0.02)
    (4906, 9812, 2401)
    """
    z = _power_args(edge, p, power, level, rates)
    zb = normal_quantile(power)
    return math.ceil((z + zb) ** 2 * rates * p * (1 - p) / edge**2 - 1e-9)


def detection_chance(edge: float, n: int, p: float = 0.5, level: float = 0.95, rates: int = 1) -> float:
    """Chance that ``n`` games detect a real edge ``edge`` (the interval of the difference
    excludes 0), by the normal approximation of :func:`games_for_power`.

    >>> round(detection_chance(0.02, 2401), 2), round(detection_chance(0.02, 4906), 2)
    (0.5, 0.8)
    """
    z = _power_args(edge, p, None, level, rates)
    if not is_count(n):
        raise PushlabError(f"n must be a positive whole number of games, got {n!r}")
    se = math.sqrt(rates * p * (1 - p) / n)
    return _normal_cdf(edge / se - z) + _normal_cdf(-edge / se - z)


def _band_p(p) -> float:
    """Check the exact chance of a band."""
    if isinstance(p, bool) or not 0 < float(p) < 1:
        raise PushlabError(f"p must be between 0 and 1, got {p!r}")
    return float(p)


def band_coverage(p: float, n: int, z: float = Z95) -> float:
    """Exact chance that the mean of ``n`` 0/1 trials with chance ``p`` lies in the band
    ``p ± z·√(p(1-p)/n)`` (lesson 10's shaded band at one fixed n): summed binomial probabilities.

    About 95% at every n, not exactly (a number of hits is whole).

    >>> round(band_coverage(0.18, 1000), 3)
    0.947
    """
    p = _band_p(p)
    if not is_count(n):
        raise PushlabError(f"n must be a positive whole number, got {n!r}")
    k = np.arange(n + 1)
    inside = np.abs(k / n - p) <= z * math.sqrt(p * (1 - p) / n) + 1e-12
    return float(_binom_pmf_all(int(n), p)[inside].sum())


def band_run(p: float, runs: int, rng, n_min: int = 30, n_max: int = 5000, z: float = Z95):
    """Simulate ``runs`` whole runs of 0/1 trials with chance ``p`` and count the runs whose
    running mean stays inside the band ``p ± z·√(p(1-p)/n)`` at EVERY n from ``n_min`` to
    ``n_max`` (lesson 10): the band holds about 95% of the runs at any one n, far fewer
    all the time.

    Returns ``(stayed, runs)``; :func:`proportion_ci` gives its interval.

    >>> stayed, runs = band_run(0.18, 400, np.random.default_rng(1))
    >>> stayed, runs, [round(x, 2) for x in proportion_ci(stayed, runs)]
    (204, 400, [0.46, 0.56])
    """
    p = _band_p(p)
    if not isinstance(rng, np.random.Generator):
        raise PushlabError(f"rng must be a numpy Generator, got {rng!r}")
    for name, v in (("runs", runs), ("n_min", n_min), ("n_max", n_max)):
        if not is_count(v):
            raise PushlabError(f"{name} must be a positive whole number, got {v!r}")
    if n_min > n_max:
        raise PushlabError(f"n_min ({n_min}) must not exceed n_max ({n_max})")
    n = np.arange(1, n_max + 1)
    half = z * math.sqrt(p * (1 - p)) / np.sqrt(n)
    stayed = np.zeros(runs, dtype=bool)
    for start in range(0, runs, 100):                    # 100 runs at a time: bounded memory
        x = rng.random((min(100, runs - start), n_max)) < p
        running = np.cumsum(x, axis=1) / n
        inside = np.abs(running - p) <= half + 1e-12
        stayed[start:start + len(x)] = inside[:, n_min - 1:].all(axis=1)
    return int(stayed.sum()), int(runs)


def _binom_pmf_all(n: int, p: float) -> np.ndarray:
    """P(X = k) for k = 0..n, X ~ Binomial(n, p)."""
    k = np.arange(n + 1)
    lg = np.array([math.lgamma(x + 1) for x in range(n + 1)])
    logp = math.lgamma(n + 1) - lg - lg[::-1] + k * math.log(p) + (n - k) * math.log1p(-p)
    return np.exp(logp)


def coverage(n: int, p: float, method: str = "wilson", level: float = 0.95) -> float:
    """Exact chance that the interval from Binomial(n, p) successes contains ``p``.

    Sums the binomial probabilities of every k whose interval catches p.

    >>> round(coverage(10, 0.02, "wald"), 3), round(coverage(10, 0.02), 3)
    (0.183, 0.984)
    """
    if not 0 < p < 1:
        raise PushlabError(f"p must be between 0 and 1, got {p!r}")
    k = np.arange(n + 1)
    low, high = proportion_ci(k, np.full(n + 1, n), level, method)
    return float(_binom_pmf_all(n, p)[(low <= p) & (p <= high)].sum())


COVERAGE_NS = (10, 30, 100, 1000)
COVERAGE_PS = (0.01, 0.02, 0.1, 0.5, 0.9, 0.98)


def coverage_table(method: str = "wilson", ns=COVERAGE_NS, ps=COVERAGE_PS,
                   level: float = 0.95) -> np.ndarray:
    """Exact coverage for every n (rows) and p (columns): the calibration grid of docs/statistics.md.

    >>> coverage_table("wald", ns=(10,), ps=(0.5,)).round(4).tolist()
    [[0.8906]]
    """
    return np.array([[coverage(n, p, method, level) for p in ps] for n in ns])


def simulated_coverage(p: float, n: int, tournaments: int, rng, method: str = "wilson",
                       level: float = 0.95):
    """Play ``tournaments`` tournaments of ``n`` games (true win chance ``p``) with ``rng``.

    Returns ``(wins, low, high, caught)``: per tournament the wins, the interval and
    whether it contains ``p``. ``caught.mean()`` estimates the coverage.

    >>> w, lo, hi, caught = simulated_coverage(0.5, 20, 1000, np.random.default_rng(1))
    >>> bool(0.9 < caught.mean() < 0.99)
    True
    """
    if not isinstance(rng, np.random.Generator):
        raise PushlabError(f"rng must be a numpy Generator, got {rng!r}")
    wins = rng.binomial(n, p, size=tournaments)
    low, high = proportion_ci(wins, np.full(tournaments, n), level, method)
    return wins, low, high, (low <= p) & (p <= high)


# ---------------------------------------------------------------------- display
def format_ci(low, high, fmt: str = ".1%") -> str:
    """``[low, high]`` formatted, or "not enough games" when there is no interval.

    >>> format_ci(0.1, 0.25), format_ci(float("nan"), float("nan"), ".2f")
    ('[10.0%, 25.0%]', 'not enough games')
    """
    if low is None or high is None or math.isnan(low) or math.isnan(high):
        return NOT_ENOUGH
    return f"[{low:{fmt}}, {high:{fmt}}]"
