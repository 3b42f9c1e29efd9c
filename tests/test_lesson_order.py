"""The lessons in teaching order, wherever they are listed (pushlab.bundle.TEACHING_ORDER).

File names are stable (an old link never breaks), so the numbers are not the teaching order:
lesson 03's second half is lesson 10. The welcome page, the README's lesson table and the
book's table of contents list every lesson once, in teaching order; lesson 03 keeps
headings for the sections that moved, so old links to them land on a pointer to lesson 10.
"""

import json
import re
from pathlib import Path

from pushlab.bundle import TEACHING_ORDER

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p.stem for p in (REPO / "notebooks").glob("*.ipynb"))


def markdown(name: str) -> str:
    """The markdown of an English lesson, cells joined."""
    nb = json.loads((REPO / "notebooks" / f"{name}.ipynb").read_text())
    return "\n\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def test_every_lesson_has_its_place():
    assert sorted(TEACHING_ORDER) == NOTEBOOKS and len(set(TEACHING_ORDER)) == len(TEACHING_ORDER)


def test_the_welcome_page_links_the_lessons_in_teaching_order():
    links = re.findall(r"\]\((\d\d-[\w-]+)\.ipynb\)", markdown("00-welcome"))
    assert links == [n for n in TEACHING_ORDER if n != "00-welcome"]


def test_the_readme_table_is_in_teaching_order():
    text = (REPO / "README.md").read_text()
    table = text[text.index("| notebook | what the reader does |"):text.index("**Languages.**")]
    assert re.findall(r"^\| `(\d\d-[\w-]+)` \|", table, re.M) == [n for n in TEACHING_ORDER if n != "00-welcome"]


def test_the_book_lists_the_lessons_in_teaching_order():
    index = (REPO / "docs" / "site" / "index.md").read_text()
    assert re.findall(r"^notebooks/(\d\d-[\w-]+)$", index, re.M) == list(TEACHING_ORDER)


def test_old_links_to_lesson_03s_moved_sections_land_on_a_pointer():
    """The headings of sections 5-7 stay in lesson 03 (their anchors), each linking lesson 10."""
    text = markdown("03-push-your-luck-probability")
    for heading in ("5. The law of large numbers: simulation meets exact", "6. Strategies compared",
                    "7. Does the reading of the switch cards matter?"):
        after = text[text.index(f"### {heading}"):].split("\n\n")[1]
        assert "(10-simulation-and-intervals.ipynb)" in after, heading
