"""Seeded randomness shared by both games: every random choice comes from a numpy Generator."""

import numpy as np

from pushlab.checks import is_whole, seed as check_seed
from pushlab.errors import SetupError


def make_rng(seed=None) -> np.random.Generator:
    """A numpy Generator from an int seed, None (fresh entropy) or a Generator (used as is).

    >>> int(make_rng(7).integers(100)) == int(make_rng(7).integers(100))
    True
    >>> make_rng("seven")
    Traceback (most recent call last):
    ...
    pushlab.errors.SetupError: seed must be an int, None or a numpy Generator, got 'seven'
    """
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is None or is_whole(seed):
        return np.random.default_rng(seed)
    raise SetupError(f"seed must be an int, None or a numpy Generator, got {seed!r}")


def entropy(seed):
    """A fixed entropy for ``seed``, the root of a ``SeedSequence`` (None draws fresh entropy once).

    >>> entropy(7), entropy(np.random.SeedSequence(7))
    (7, 7)
    """
    if seed is None:
        return np.random.SeedSequence().entropy
    if isinstance(seed, np.random.SeedSequence):
        return seed.entropy
    return check_seed(seed)
