"""pushlab.stats: quantiles against published tables, exact coverage, comparisons, checks."""

import math

import numpy as np
import pytest

from pushlab import stats
from pushlab.errors import PushlabError

NS = (10, 30, 100, 1000)
PS = (0.01, 0.02, 0.1, 0.5, 0.9, 0.98)


# ---------------------------------------------------------------------- quantiles
@pytest.mark.parametrize("df, expected", [  # two-sided 95% t table (3 decimals)
    (1, 12.706), (2, 4.303), (3, 3.182), (4, 2.776), (5, 2.571), (9, 2.262), (10, 2.228),
    (19, 2.093), (29, 2.045), (60, 2.000), (120, 1.980), (500, 1.965), (10**6, 1.960)])
def test_t_quantile_matches_the_table(df, expected):
    assert stats.t_quantile(0.975, df) == pytest.approx(expected, abs=6e-4)


def test_t_quantile_other_levels_and_symmetry():
    assert stats.t_quantile(0.95, 10) == pytest.approx(1.812, abs=6e-4)
    assert stats.t_quantile(0.995, 5) == pytest.approx(4.032, abs=6e-4)
    assert stats.t_quantile(0.025, 7) == pytest.approx(-stats.t_quantile(0.975, 7))
    # both sides of the switch to the Cornish-Fisher expansion agree
    assert stats.t_quantile(0.975, 200) == pytest.approx(stats.t_quantile(0.975, 201), abs=1e-4)


def test_clopper_pearson_closed_forms():
    # k = 0: upper = 1 - (alpha/2)^(1/n); k = n: lower = (alpha/2)^(1/n)
    for n in (1, 7, 50):
        lo, hi = stats.proportion_ci(0, n, method="clopper-pearson")
        assert lo == 0 and hi == pytest.approx(1 - 0.025 ** (1 / n), abs=1e-9)
        lo, hi = stats.proportion_ci(n, n, method="clopper-pearson")
        assert hi == 1 and lo == pytest.approx(0.025 ** (1 / n), abs=1e-9)
    # published value: 3 of 10 -> [0.0667, 0.6525]
    lo, hi = stats.proportion_ci(3, 10, method="clopper-pearson")
    assert (round(lo, 4), round(hi, 4)) == (0.0667, 0.6525)


def test_wilson_matches_the_formula():
    z = stats.normal_quantile(0.975)
    k, n = 7, 25
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    assert stats.proportion_ci(k, n) == pytest.approx((centre - half, centre + half))


# ---------------------------------------------------------------------- calibration
def test_wilson_coverage_is_exact_and_good():
    """Exact coverage (sum of binomial probabilities over k) on the grid of the issue."""
    cells = np.array([[stats.coverage(n, p) for p in PS] for n in NS])
    assert cells.mean() >= 0.93, cells
    assert cells.min() >= 0.85, cells


def test_wald_coverage_fails_where_wilson_does_not():
    assert stats.coverage(10, 0.02, "wald") < 0.2
    assert stats.coverage(100, 0.01, "wald") < 0.7
    assert stats.coverage(10, 0.02) > 0.95


@pytest.mark.parametrize("n", [10, 30, 100])
def test_clopper_pearson_never_undercovers(n):
    assert min(stats.coverage(n, p, "clopper-pearson") for p in PS) >= 0.95


def test_coverage_sums_the_binomial_by_hand():
    n, p = 10, 0.1
    total = 0.0
    for k in range(n + 1):
        lo, hi = stats.proportion_ci(k, n)
        if lo <= p <= hi:
            total += math.comb(n, k) * p**k * (1 - p) ** (n - k)
    assert stats.coverage(n, p) == pytest.approx(total)


def test_simulated_coverage_agrees_with_exact():
    rng = np.random.default_rng(14)
    for method in ("wilson", "wald"):
        caught = stats.simulated_coverage(0.02, 30, 20_000, rng, method)[3]
        exact = stats.coverage(30, 0.02, method)
        assert stats.agrees(caught.mean(), exact, stats.rate_se(exact, 20_000))


# ---------------------------------------------------------------------- no zero width
@pytest.mark.parametrize("method", ["wilson", "clopper-pearson"])
def test_no_zero_width_rates(method):
    for n in (1, 2, 20, 1000):
        for k in (0, 0.5, 1, n / 3, n - 0.5, n):
            lo, hi = stats.proportion_ci(k, n, method=method)
            assert 0 <= lo <= k / n <= hi <= 1 and hi - lo > 0, (k, n, lo, hi)


def test_fractional_wins_are_never_narrower_than_their_bounds():
    # a tie split 3 ways: k = 1/3 of a win
    lo, hi = stats.proportion_ci(1 / 3, 1)
    assert lo < 1 / 3 < hi and hi - lo > 0.5
    lo, hi = stats.proportion_ci(2.5, 10, method="clopper-pearson")
    assert lo == stats.proportion_ci(2, 10, method="clopper-pearson")[0]
    assert hi == stats.proportion_ci(3, 10, method="clopper-pearson")[1]


def test_wilson_with_win_shares_covers():
    """Win shares (1/2 for a two-way tie) are covered at least as well as 0/1 wins."""
    rng = np.random.default_rng(5)
    values = rng.choice([0.0, 0.5, 1.0], p=[0.6, 0.3, 0.1], size=(4000, 20))
    truth = 0.3 * 0.5 + 0.1
    _, lo, hi = stats.rate_ci(values.T)  # 4000 columns of 20 games
    caught = (lo <= truth) & (truth <= hi)
    assert caught.mean() > 0.93


def test_summed_shares_may_round_past_n():
    shares = np.full(30, 0.1)                       # 0.1 + 0.1 + ... is not exactly 3.0
    lo, hi = stats.proportion_ci(shares.sum() * 10, 30)
    assert hi == 1.0 and 0 < lo < 1


def test_rate_ci_columns_and_errors():
    wins = np.array([[1, 0], [0.5, 0.5], [1, 0]])
    rate, lo, hi = stats.rate_ci(wins)
    assert rate.tolist() == pytest.approx([2.5 / 3, 0.5 / 3])
    assert np.all(lo < rate) and np.all(rate < hi)
    with pytest.raises(PushlabError, match="between 0 and 1"):
        stats.rate_ci([0, 2])
    with pytest.raises(PushlabError, match="at least one game"):
        stats.rate_ci([])
    with pytest.raises(PushlabError, match="n >= 1"):
        stats.proportion_ci(0, 0)
    with pytest.raises(PushlabError, match="between 0 and n"):
        stats.proportion_ci(11, 10)
    with pytest.raises(PushlabError, match="unknown interval method"):
        stats.proportion_ci(1, 10, method="bayes")
    with pytest.raises(PushlabError, match="confidence level"):
        stats.proportion_ci(1, 10, level=95)


# ---------------------------------------------------------------------- means
def test_mean_ci_uses_t_for_small_samples():
    values = [2.0, 4.0, 9.0]
    m, h = stats.mean_ci(values)
    assert m == 5.0
    assert h == pytest.approx(4.303 * np.std(values, ddof=1) / math.sqrt(3), rel=1e-3)


def test_one_value_has_no_interval():
    m, h = stats.mean_ci([7])
    assert m == 7 and math.isnan(h)
    mean, lo, hi = stats.column_mean_ci([[1.0, 2.0]])
    assert mean.tolist() == [1.0, 2.0] and np.isnan(lo).all() and np.isnan(hi).all()
    assert stats.format_ci(lo[0], hi[0]) == stats.NOT_ENOUGH
    with pytest.raises(PushlabError):
        stats.mean_ci([])


def test_t_interval_covers_for_five_normal_values():
    rng = np.random.default_rng(3)
    samples = rng.normal(10, 3, size=(20_000, 5))
    mean, lo, hi = stats.column_mean_ci(samples.T)
    caught = ((lo <= 10) & (10 <= hi)).mean()
    assert stats.agrees(caught, 0.95, stats.rate_se(0.95, 20_000))


# ---------------------------------------------------------------------- comparisons
def test_paired_diff_is_the_t_interval_of_differences():
    a, b = np.array([3.0, 5, 4, 6, 8]), np.array([1.0, 4, 2, 5, 5])
    d, lo, hi = stats.paired_diff_ci(a, b)
    m, h = stats.mean_ci(a - b)
    assert (d, lo, hi) == pytest.approx((m, m - h, m + h))
    with pytest.raises(PushlabError, match="same non-empty shape"):
        stats.paired_diff_ci([1, 2], [1])


def test_pairing_narrows_the_interval_on_common_random_numbers():
    rng = np.random.default_rng(8)
    luck = rng.normal(0, 5, 200)           # shared by both policies
    a, b = luck + 1 + rng.normal(0, 0.5, 200), luck + rng.normal(0, 0.5, 200)
    _, lo, hi = stats.paired_diff_ci(a, b)
    _, ha = stats.mean_ci(a)
    _, hb = stats.mean_ci(b)
    assert lo > 0 and hi - lo < (ha + hb) / 4


def test_paired_rate_difference_never_zero_width_and_covers():
    d, lo, hi = stats.paired_rate_diff_ci([1] * 20, [0] * 20)
    assert d == 1 and lo < 1 and hi == 1
    d, lo, hi = stats.paired_rate_diff_ci([0.5] * 10, [0.5] * 10)
    assert d == 0 and lo < 0 < hi
    # coverage by simulation: A wins a 2-player game with chance 0.3 (ties never)
    rng = np.random.default_rng(9)
    a = (rng.random((20, 5000)) < 0.3).astype(float)
    _, lo, hi = stats.paired_rate_diff_ci(a, 1 - a)
    assert ((lo <= -0.4) & (-0.4 <= hi)).mean() > 0.93


# ---------------------------------------------------------------------- checks and planning
def test_agrees_and_rate_agrees():
    assert stats.agrees([0.50, 0.51], 0.5, 0.01)
    assert not stats.agrees([0.50, 0.55], 0.5, 0.01)
    assert stats.agrees(0.525, 0.5, 0.01, k=3) and not stats.agrees(0.525, 0.5, 0.01, k=2)
    assert stats.rate_agrees(50, 1000, 0.05) and not stats.rate_agrees(80, 1000, 0.05)
    with pytest.raises(PushlabError, match="standard error"):
        stats.agrees(0.5, 0.5, -1)


def test_games_needed_gives_the_asked_width():
    for half, p in ((0.05, 0.5), (0.02, 0.1), (0.005, 0.02)):
        n = stats.games_needed(half, p)
        assert stats.Z95 * stats.rate_se(p, n) <= half < stats.Z95 * stats.rate_se(p, n - 1)
    with pytest.raises(PushlabError):
        stats.games_needed(0, 0.5)
