"""Committed notebooks carry no outputs, execution counts or widget state.

Fix a failure with ``python scripts/strip_notebooks.py``.
"""

import importlib.util
import json
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
_spec = importlib.util.spec_from_file_location("strip_notebooks", REPO / "scripts" / "strip_notebooks.py")
strip_notebooks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(strip_notebooks)

FIX = "run: python scripts/strip_notebooks.py"


def load(path):
    """Parse a notebook file as JSON."""
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_clean(path):
    """No outputs, no execution counts, no widget state, no run metadata."""
    nb = load(path)
    assert nb["nbformat"] == 4
    assert "widgets" not in nb.get("metadata", {}), f"{path.name} has metadata.widgets; {FIX}"
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [], f"{path.name} cell {i} has outputs; {FIX}"
            assert cell["execution_count"] is None, f"{path.name} cell {i} has an execution count; {FIX}"
        assert "execution" not in cell.get("metadata", {}), f"{path.name} cell {i} has run metadata; {FIX}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_uses_the_default_python_kernel(path):
    """Voilà and nbval start the kernel named in the notebook: it must be ``python3``."""
    assert load(path)["metadata"]["kernelspec"]["name"] == "python3"


DIRTY = {
    "cells": [
        {"cell_type": "markdown", "metadata": {}, "source": ["# Title"]},
        {
            "cell_type": "code",
            "execution_count": 3,
            "metadata": {"execution": {"iopub.status.idle": "2026-01-01"}, "tags": ["keep"]},
            "outputs": [{"output_type": "stream", "name": "stdout", "text": ["hi\n"]}],
            "source": ["print('hi')"],
        },
    ],
    "metadata": {"kernelspec": {"name": "python3"}, "widgets": {"state": {}}},
    "nbformat": 4,
    "nbformat_minor": 5,
}


def test_strip_removes_run_state_and_keeps_the_rest():
    """strip() clears outputs, counts, widget state and run metadata, keeps tags and source."""
    clean = strip_notebooks.strip(DIRTY)
    code = clean["cells"][1]
    assert code["outputs"] == [] and code["execution_count"] is None
    assert code["metadata"] == {"tags": ["keep"]} and code["source"] == ["print('hi')"]
    assert clean["metadata"] == {"kernelspec": {"name": "python3"}}
    assert clean["cells"][0] == DIRTY["cells"][0]
    assert DIRTY["cells"][1]["execution_count"] == 3  # the input is not modified


def test_strip_file_check_mode_then_fix(tmp_path, capsys):
    """--check reports a dirty notebook without touching it; a plain run fixes it, idempotently."""
    path = tmp_path / "dirty.ipynb"
    path.write_text(json.dumps(DIRTY))
    before = path.read_text()
    assert strip_notebooks.main(["--check", str(path)]) == 1
    assert path.read_text() == before
    assert strip_notebooks.main([str(path)]) == 0
    assert strip_notebooks.strip_file(path, check=True) is False
    assert strip_notebooks.main(["--check", str(path)]) == 0
    assert "dirty" in capsys.readouterr().out


LINK = re.compile(r"\]\(([^)\s]+\.ipynb)(?:#[^)]*)?\)")


def markdown_links(path):
    """Relative notebook links (``[text](name.ipynb)``) in a notebook's markdown cells."""
    links = []
    for cell in load(path)["cells"]:
        if cell["cell_type"] == "markdown":
            source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            links += [l for l in LINK.findall(source) if "://" not in l]
    return links


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_links_resolve(path):
    """Every link to another notebook points at a committed notebook."""
    for link in markdown_links(path):
        assert (path.parent / link).is_file(), f"{path.name} links to missing {link}"


def test_welcome_lists_every_lesson():
    """The landing page (00-welcome) links every other notebook."""
    welcome = REPO / "notebooks" / "00-welcome.ipynb"
    linked = {Path(l).name for l in markdown_links(welcome)}
    missing = [p.name for p in NOTEBOOKS if p != welcome and p.name not in linked]
    assert missing == [], f"add these lessons to notebooks/00-welcome.ipynb: {missing}"


def test_link_finder_sees_links():
    """The link check is not blind."""
    assert LINK.findall("see [one](01-a.ipynb) and [two](sub/02-b.ipynb#part)") == ["01-a.ipynb", "sub/02-b.ipynb"]
