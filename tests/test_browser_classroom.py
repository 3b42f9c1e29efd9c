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


def test_a_student_plays_on_a_phone(open_app, app_errors, screenshot):
    """Lesson 12's student page on a phone (390 x 844, a touch screen honouring the viewport
    tag, the device check of test_browser_devices.py): joined by its link, a try of "How many
    cards until a bust?" is played with taps to its bust; in the middle of the try and at its
    end nothing is cut off or scrolls sideways and every control is a 44 px target, the Draw
    button and the table are on screen together, and Next try is there at the end; the
    question reads as prose, not one line per 44 px touch-target height. (One page,
    one kernel: about 5 CPU-s beside the session's server.)"""
    from test_browser_devices import PHONE, device_problems

    from pushlab.classroom import experiments as E
    from pushlab.classroom.desk import start

    store = open_store()
    code = start(store, E.BustTime.default())
    page = open_app("12-class-experiment", query=f"code={code}&seed=3", width=PHONE[0], height=PHONE[1],
                    mobile=True, wait_for=".pl-cx-act-draw")      # seed 3: the bust is the 5th card
    assert page.evaluate("() => innerWidth") == PHONE[0]
    spacing = page.evaluate("""() => { const s = getComputedStyle(document.querySelector('.pl-cx-view')
                                        .parentElement.querySelector('p'));
                                     return parseFloat(s.lineHeight) / parseFloat(s.fontSize); }""")
    assert spacing < 2, f"the question's lines are {spacing:.1f} font sizes apart (was: the phone's 44 px)"
    checked_mid_try = False
    for _ in range(30):
        before = page.locator(".pl-cx-view").inner_html()
        draw = page.locator(".pl-cx-act-draw")
        draw.scroll_into_view_if_needed()
        draw.tap()
        page.wait_for_function("prev => document.querySelector('.pl-cx-view').innerHTML !== prev", arg=before)
        page.wait_for_timeout(200)
        if page.locator(".pl-cx-next").is_visible():
            break
        if not checked_mid_try:                          # playing: the button and the table on screen together
            assert device_problems(page) == {}, "in the middle of a try"
            draw.scroll_into_view_if_needed()
            height = page.evaluate("() => innerHeight")
            boxes = [draw.bounding_box(), page.locator(".pl-cx-view").bounding_box()]
            assert all(b and b["y"] < height and b["y"] + b["height"] > 0 for b in boxes), boxes
            checked_mid_try = True
    assert page.locator(".pl-cx-next").is_visible() and checked_mid_try, "the try never ended, or at once"
    page.wait_for_function("() => /: 1/.test(document.querySelector('.pl-cx-mine').innerText)")
    assert device_problems(page) == {}, "at the end of the try"
    assert store.counts(code) == (1, 1)
    screenshot(page, "devices-12-class-experiment-playing-390")
    assert app_errors(page) == []
    store.close()
