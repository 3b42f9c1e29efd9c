"""The README's library examples are real: they run as doctests here."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples_run():
    result = doctest.testfile(str(README), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted >= 20  # both games' examples were found and run
