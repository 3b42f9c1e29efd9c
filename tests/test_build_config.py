"""The build, CI and Binder files say what the README promises."""

import os
import re
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def read(name):
    """Text of a repository file."""
    return (REPO / name).read_text(encoding="utf-8")


def test_readme_quick_start_is_make_serve_and_make_test():
    """The quick start is exactly two commands, and the Makefile defines both."""
    quick = read("README.md").split("## Quick start", 1)[1].split("```bash", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in quick.strip().splitlines()]
    assert commands == ["make serve", "make test"]
    targets = set(re.findall(r"^([\w-]+):", read("Makefile"), flags=re.M))
    assert {"serve", "test"} <= targets


def test_make_dry_run_bootstraps_a_venv_and_runs_pytest():
    """``make -n test`` from a clean state creates .venv, installs .[test] and runs pytest."""
    out = subprocess.run(
        ["make", "-n", "test", "VENV=/nonexistent-venv-for-dry-run"],
        cwd=REPO, capture_output=True, text=True, timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert "-m venv /nonexistent-venv-for-dry-run" in out.stdout
    assert 'pip install -e ".[test]"' in out.stdout
    assert "/nonexistent-venv-for-dry-run/bin/python -m pytest" in out.stdout
    assert "/usr/bin/chromium" in out.stdout


def test_ci_script_runs_the_readme_test_command_strictly():
    """.ci/run is executable, strict (set -euo pipefail) and runs ``make test``."""
    script = REPO / ".ci" / "run"
    assert os.access(script, os.X_OK)
    text = script.read_text()
    assert "set -euo pipefail" in text
    assert re.search(r"^make test\b", text, flags=re.M)


def test_gitignore_covers_the_venv_and_screenshots():
    """The bootstrap venv and test screenshots are never committed."""
    lines = read(".gitignore").splitlines()
    assert {".venv", ".venv/"} & set(lines) and "tests/screenshots/" in lines   # .venv also covers a symlink


def test_binder_config():
    """binder/ installs the package and Voilà on Python 3.11 and warms matplotlib."""
    binder = REPO / "binder"
    reqs = [l.strip() for l in (binder / "requirements.txt").read_text().splitlines()]
    assert "-e ." in reqs and any(l.startswith("voila") for l in reqs)
    assert (binder / "runtime.txt").read_text().strip() == "python-3.11"
    post = binder / "postBuild"
    assert os.access(post, os.X_OK) and post.read_text().startswith("#!/bin/bash")
    assert "matplotlib" in post.read_text()
    # with environment.yml, requirements.txt would be ignored; .binder/ would shadow binder/
    assert not (binder / "environment.yml").exists() and not (REPO / ".binder").exists()


def test_readme_binder_badges():
    """Binder badges open JupyterLab and the Voilà tree."""
    readme = read("README.md")
    assert "mybinder.org/v2/gh/pushlab/pushlab/HEAD?urlpath=lab" in readme
    assert "mybinder.org/v2/gh/pushlab/pushlab/HEAD?urlpath=voila/tree/notebooks" in readme


def test_hypothesis_profile_follows_ci():
    """Under CI hypothesis is derandomized (reproducible); never a deadline (slow CI machines)."""
    from hypothesis import settings

    ci = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")
    if not os.environ.get("HYPOTHESIS_PROFILE"):
        assert settings.default.derandomize is ci
    assert settings.default.deadline is None


def test_readme_install_starts_from_the_package_index():
    """The install section starts with pip install "pushlab[serve]" then pushlab serve, then the clone route."""
    install = read("README.md").split("## Install\n", 1)[1].split("\n## ", 1)[0]
    first = install.split("```bash", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in first.strip().splitlines()]
    assert commands == ['pip install "pushlab[serve]"', "pushlab serve"]
    assert 'pip install -e ".[serve]"' in install.split("clone", 1)[1]


def test_license_and_changelog_ship_with_the_version():
    """LICENSE is the MIT text pyproject declares; CHANGELOG.md has a section for the current version."""
    import tomllib

    import pushlab

    project = tomllib.loads(read("pyproject.toml"))["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert "version" in project["dynamic"] and "version" not in project
    assert read("LICENSE").startswith("MIT License")
    assert f"## [{pushlab.__version__}]" in read("CHANGELOG.md")


def test_ci_builds_and_checks_the_site():
    """.ci/run runs ``make test``, whose site tests build the site (lessons run, warnings as
    errors) unless given one; ``make site-test`` builds build/site/ and checks that one."""
    text = (REPO / ".ci" / "run").read_text()
    assert "\nmake test " in text and "site-test" not in text.replace("# ", "")
    site_tests = (REPO / "tests" / "test_site.py").read_text()
    assert '"scripts" / "build_site.py"' in site_tests and 'os.environ.get("PUSHLAB_SITE")' in site_tests
    out = subprocess.run(["make", "-n", "site-test", "VENV=/nonexistent-venv-for-dry-run"],
                         cwd=REPO, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "scripts/build_site.py --out build/site" in out.stdout
    assert "PUSHLAB_SITE=build/site /nonexistent-venv-for-dry-run/bin/python -m pytest tests/test_site.py" in out.stdout