"""Build configuration that pyproject.toml cannot say: the lessons are package data.

The repository keeps one copy of the lessons, in ``notebooks/``. They ship as
the data-only package ``pushlab.lessons``: setuptools maps that package to
``notebooks/`` (in the wheel, the sdist and editable installs alike), while
every Python package under ``pushlab/`` is still found automatically.
Everything else (metadata, package data patterns) is in pyproject.toml.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["pushlab", "pushlab.*"]), "pushlab.lessons"],
    package_dir={"pushlab.lessons": "notebooks"},
)
