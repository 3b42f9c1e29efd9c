"""Lesson 12 in the browser: the teacher's dashboard and two student pages on one Voilà server.

The teacher starts "Does a 4th card bust?"; two students join with the code from the
dashboard (their pages' ``?code=``, with ``?seed=`` so their shuffles are repeatable: the
test server runs in the demo mode, ``PUSHLAB_DEMO_SEEDS=1`` in conftest.py) and
play tries with the Draw and Next buttons; each student's last try appears on the
dashboard within 5 s (its timer polls the store every 3 s), and the pooled proportion's
Wilson interval holds the exact value.
"""

import re
import time

from pushlab.classroom import open_store

TRIES = 6


def _play(page, tries):
    """Press Draw, then Next try, ``tries`` times; wait for each try to be recorded."""
    for i in range(tries):
        page.locator(".pl-cx-act-draw").click()
        page.wait_for_function(
            "n => document.querySelectorAll('.pl-cx-mine').length && "
            "/: (\\d+)/.exec(document.querySelector('.pl-cx-mine').innerText)[1] == n", arg=i + 1)
        if i + 1 < tries:
            page.locator(".pl-cx-next").click()
            page.wait_for_selector(".pl-cx-act-draw")


def test_two_students_and_the_dashboard(open_app, app_errors, screenshot):
    teacher = open_app("12-class-experiment-teacher", wait_for=".pl-cx-start")
    teacher.locator(".pl-cx-menu select").select_option(index=1)       # Does a 4th card bust?
    teacher.locator(".pl-cx-start").click()
    code = teacher.locator(".pl-cx-code-shown").inner_text(timeout=60_000).strip()
    assert re.fullmatch(r"[a-z0-9]{5}", code)
    link = teacher.locator(".pl-cx-link").get_attribute("href")
    assert link.endswith(f"12-class-experiment.ipynb?code={code}")
    students = [open_app("12-class-experiment", query=f"code={code}&seed={seed}", wait_for=".pl-cx-act-draw")
                for seed in (11, 12)]
    for n, page in enumerate(students, start=1):
        _play(page, TRIES)
        t0 = time.monotonic()
        teacher.wait_for_function(
            "n => (document.querySelector('.pl-cx-count-line') || {innerText: ''}).innerText.includes(', ' + n + ' tries')",
            arg=n * TRIES, timeout=30_000)
        waited = time.monotonic() - t0
        assert waited <= 5, f"student {n}'s tries took {waited:.1f} s to reach the dashboard"
    teacher.wait_for_function("n => document.querySelector('.pl-cx-summary').innerText.includes(n + ' tries.')",
                              arg=2 * TRIES, timeout=10_000)        # the summary follows the count line
    summary = teacher.locator(".pl-cx-summary").inner_text()
    assert f"2 students, {2 * TRIES} tries" in summary and "the interval holds it" in summary, summary
    store = open_store()                               # the server's kernels share this process's store
    assert store.counts(code) == (2, 2 * TRIES)
    store.close()
    screenshot(teacher, "12-teacher-dashboard")
    screenshot(students[0], "12-student")
    for page in (teacher, *students):
        assert app_errors(page) == []
