"""Every app on a student's own device: a phone (390 px wide) and a tablet (768 px).

Every English lesson is checked on the page that ``test_browser.py`` already loads for
its desktop checks (one Voilà run per lesson serves both, as for axe): as rendered, before
anything is clicked, the page is switched to a touch screen that honours the page's
viewport tag, as Playwright's ``is_mobile``/``has_touch`` context does (Chrome DevTools'
device mode: ``Emulation.setDeviceMetricsOverride`` with ``mobile``, and
``setTouchEmulationEnabled``; :func:`check_switched_to_devices`), then back to the desktop
for the rest. The Arabic play apps are loaded here, in a mobile context from the start.
At 390 x 844, then at 768 x 1024, each time

- the page has no horizontal overflow, and nothing of the app is cut off at either edge
  or squeezed into a box that scrolls sideways (wide data tables, which scroll inside their
  own box, and code excepted): side panels (event logs, odds) stack under the table;
- every control (button, drop-down, text field, a checkbox's label, a slider's handle) is
  a touch target of at least 44 x 44 px;
- a screenshot is saved (``tests/screenshots/devices-<lesson>-<width>.png``);

and in the push-your-luck play app (02) the table's columns and the Draw button are on
screen together once the table is scrolled into view. The style behind it is
:data:`pushlab.display.html.DEVICE_CSS` (CSS only, no per-device code).
"""

import pytest

#: The right-to-left copies of the play apps: sideways overflow there would be at the left edge.
RTL_APPS = ["ar/02-play-push-your-luck", "ar/06-play-push-rummy"]
PHONE, TABLET = (390, 844), (768, 1024)
MIN_TARGET = 44

# Runs in the page: what does not fit the viewport. Returns lists of readable problems.
_CHECK_JS = """(minTarget) => {
  const vw = document.documentElement.clientWidth;
  const root = document.getElementById('rendered_cells');
  const name = el => ((el.getAttribute && el.getAttribute('aria-label')) || el.innerText || el.value
                      || (typeof el.className === 'string' ? el.className : '') || el.tagName)
                     .toString().replace(/\\s+/g, ' ').trim().slice(0, 50);
  const shown = el => { const r = el.getBoundingClientRect(), s = getComputedStyle(el);
                        return r.width > 0 && r.height > 0 && s.visibility !== 'hidden'; };
  // (a 1-px box that clips its text is a name for screen readers only, not something cut off)
  // boxes that may scroll sideways: a wide data table or code keeps its shape and scrolls in place
  const mayScroll = el => el.matches('table, pre, code, .pl-scroll-x, .CodeMirror, .cm-editor, select, input, textarea')
                          || el.closest('table, pre, .pl-scroll-x') !== null;
  const page = [], cut = [], squeezed = [], small = [];
  if (document.documentElement.scrollWidth > vw + 1)
    page.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
  if (root.scrollWidth > root.clientWidth + 1)
    page.push('the lesson scrolls sideways: ' + root.scrollWidth + ' px in ' + root.clientWidth);
  for (const el of root.querySelectorAll('*')) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    if ((r.right > vw + 1 || r.left < -1) && !mayScroll(el) && !el.closest('.jp-InputArea'))
      cut.push(name(el) + ' [' + Math.round(r.left) + ', ' + Math.round(r.right) + ']');
    if (s.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1 && r.width > 2 && !mayScroll(el)
        && !el.closest('.jp-InputArea, .noUi-target'))
      squeezed.push(name(el) + ' (' + el.scrollWidth + ' px in ' + el.clientWidth + ')');
  }
  const targets = root.querySelectorAll('button, select, textarea, input:not([type=checkbox]):not([type=radio]),'
                                        + ' input[type=checkbox], input[type=radio], .noUi-handle');
  for (const el of targets) {
    const target = el.matches('input[type=checkbox], input[type=radio]') ? (el.closest('label') || el) : el;
    if (!shown(target)) continue;
    let {width, height} = target.getBoundingClientRect();
    if (el.matches('.noUi-handle')) {          // a handle's touch area may reach past its drawing
      const after = getComputedStyle(el, '::after');
      width = Math.max(width, parseFloat(after.width) || 0);
      height = Math.max(height, parseFloat(after.height) || 0);
    }
    if (width < minTarget - 0.5 || height < minTarget - 0.5)
      small.push(name(target) + ' ' + Math.round(width) + 'x' + Math.round(height));
  }
  // a problem inside a problem says nothing new: keep the first few of each kind
  return {page, cut: cut.slice(0, 8), squeezed: squeezed.slice(0, 8), small: small.slice(0, 8),
          counts: [cut.length, squeezed.length, small.length]};
}"""


def device_problems(page) -> dict:
    """What does not fit the page's current viewport (empty lists: nothing)."""
    found = page.evaluate(_CHECK_JS, MIN_TARGET)
    return {k: v for k, v in found.items() if k != "counts" and v}


def check_viewports(page, screenshot, stem: str) -> dict:
    """Resize ``page`` to a phone and then a tablet; ``{width: problems}`` where there are any."""
    problems = {}
    for width, height in (PHONE, TABLET):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)                       # let the layout settle after the resize
        found = device_problems(page)
        if found:
            problems[width] = found
        assert screenshot(page, f"devices-{stem.replace('/', '-')}-{width}").stat().st_size > 0
    return problems


#: Runs in the page: the viewport, and whether it has a coarse pointer without hover (a touch screen).
_DEVICE_JS = "() => [innerWidth, matchMedia('(pointer: coarse)').matches && matchMedia('(hover: none)').matches]"


def _emulate(cdp, width: int, height: int, mobile: bool) -> None:
    """What Playwright sends for a context of this viewport with ``is_mobile=has_touch=mobile``."""
    portrait = mobile and height >= width
    cdp.send("Emulation.setDeviceMetricsOverride", {
        "mobile": mobile, "width": width, "height": height, "screenWidth": width, "screenHeight": height,
        "deviceScaleFactor": 1,
        "screenOrientation": {"angle": 0, "type": "portraitPrimary"} if portrait
        else {"angle": 90 if mobile else 0, "type": "landscapePrimary"}})
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": mobile})


def _shoot(cdp, path, width: int, height: int) -> None:
    """Save the page as this CDP session emulates it: the viewport made ``width`` x ``height``
    (the whole app), then captured within it.

    Not ``page.screenshot(full_page=True)``: Playwright captures a page taller than the
    viewport it knows (the desktop's) with ``captureBeyondViewport`` through its own session,
    and Chromium lays the page out again for that capture with that session's metrics, the
    desktop's (1280 px, no touch): the PNGs showed lines cut at the right edge and buttons under
    44 px where the phone check had measured fitting lines and 44-px buttons (was:
    ``devices-11-perfect-play-390.png``). ``captureBeyondViewport`` on this session does the
    same. A viewport as tall as the app, captured inside it, keeps the phone's metrics."""
    import base64

    _emulate(cdp, width, height, mobile=True)
    shot = cdp.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False})
    path.write_bytes(base64.b64decode(shot["data"]))


def check_switched_to_devices(page, stem: str) -> dict:
    """Switch a page opened by ``open_app`` in a desktop context to a phone and then a tablet
    touch screen (:func:`_emulate`), check each (:func:`device_problems`) and save
    ``devices-<stem>-<width>.png`` of the whole app; then back to the desktop viewport it was
    opened with. ``{width: problems}`` where there are any. Was a page load of its own per
    lesson (``test_app_fits_a_phone_and_a_tablet``): the same checks, one kernel fewer.

    Back on the desktop, Chromium reports no pointer and no hover at all (``(pointer: fine)``
    and ``(hover: hover)`` no longer match; it does not give back what it had): pushlab's
    only pointer rule is ``(pointer: coarse)`` (off again), and the lessons' pages use no other
    (JupyterLab's one ``(hover: hover)`` rule styles the file tree)."""
    from conftest import _HEIGHT_JS, MAX_SHOT_HEIGHT, SCREENSHOT_DIR

    desktop = page.viewport_size
    cdp = page.context.new_cdp_session(page)
    problems = {}
    try:
        for width, height in (PHONE, TABLET):
            _emulate(cdp, width, height, mobile=True)
            page.wait_for_timeout(300)                   # let the layout settle after the switch
            inner, touch = page.evaluate(_DEVICE_JS)
            assert touch, (stem, width, "not a touch screen")
            found = device_problems(page)
            if found:
                problems[width] = found
            else:   # the viewport tag is honoured (content too wide widens it: reported above)
                assert inner == width, (stem, width, inner)
            SCREENSHOT_DIR.mkdir(exist_ok=True)
            path = SCREENSHOT_DIR / f"devices-{stem.replace('/', '-')}-{width}.png"
            _shoot(cdp, path, width, max(height, min(int(page.evaluate(_HEIGHT_JS)), MAX_SHOT_HEIGHT)))
            assert path.stat().st_size > 0
    finally:
        # exactly the metrics Playwright set for the desktop (it does not send them again when unchanged)
        _emulate(cdp, desktop["width"], desktop["height"], mobile=False)
        cdp.detach()
    page.wait_for_timeout(300)
    assert page.evaluate(_DEVICE_JS) == [desktop["width"], False], "not back on the desktop"
    return problems


@pytest.mark.parametrize("name", RTL_APPS)
def test_app_fits_a_phone_and_a_tablet(name, open_app, app_errors, screenshot):
    """No sideways overflow, nothing cut off, 44 px touch targets, at 390 and 768 px (the
    English lessons: ``test_browser.py``, with :func:`check_switched_to_devices`)."""
    page = open_app(name, width=PHONE[0], height=PHONE[1], mobile=True)
    assert page.evaluate("() => innerWidth") == PHONE[0]   # the viewport tag is honoured
    assert check_viewports(page, screenshot, name) == {}
    assert app_errors(page) == []


def test_play_app_shows_the_table_while_pressing_draw(open_app):
    """On a phone, the push-your-luck table's columns and the Draw button are on screen
    together: with the columns scrolled into view (after a draw: the drawn card waits for
    a column), the action bar stays at the top of the screen."""
    page = open_app("02-play-push-your-luck", width=PHONE[0], height=PHONE[1], mobile=True,
                    wait_for=".pl-btn-draw")
    for _ in range(2):
        page.locator(".pl-btn-draw").first.click()
        page.wait_for_timeout(500)
        columns = page.locator(".pl-tableview .pl-col")
        columns.last.evaluate("el => el.scrollIntoView({block: 'end'})")
        page.wait_for_timeout(300)
        height = page.evaluate("() => innerHeight")
        boxes = [page.locator(".pl-btn-draw").first.bounding_box()] + [
            columns.nth(i).bounding_box() for i in range(columns.count())]
        assert all(b and b["y"] >= 0 and b["y"] + b["height"] <= height + 1 for b in boxes), boxes


def test_device_check_is_not_blind(browser):
    """A box wider than the phone, a panel squeezed into a box that scrolls sideways and a
    small button are all reported (a static page shaped like Voilà's: no kernel needed)."""
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.set_content(
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<div id="rendered_cells" style="overflow:auto">'
            '<div style="width:900px">a table of widgets wider than the phone</div>'
            '<div style="display:flex;overflow:auto;width:300px"><div style="width:600px;flex-shrink:0">'
            'a side panel squeezed</div></div>'
            '<button style="width:30px;height:20px">tiny</button>'
            '<label><input type="checkbox"> a checkbox with a short label</label>'
            '<table><tr><td style="width:900px">a wide data table scrolls in place: allowed</td></tr></table>'
            '</div>')
        found = device_problems(page)
        assert found["page"] and any("wider than the phone" in c for c in found["cut"]), found
        assert any("side panel squeezed" in c for c in found["squeezed"]), found
        assert [s.split()[0] for s in found["small"]] == ["tiny", "a"], found
        assert not any("data table" in c for c in found["cut"] + found["squeezed"]), found
    finally:
        context.close()


def test_a_desktop_page_switched_to_a_phone_is_one(browser):
    """check_switched_to_devices really makes a touch screen that honours the viewport tag: a
    box that fits a desktop but not a phone is reported at 390 px only, and a button that is
    small except on a coarse pointer (touch) is reported on the desktop only, before and after
    (a static page, no kernel). The screenshots show the page as measured: the phone's is as
    wide as the phone (the page zoomed out to its 600 px), and the tablet's button is 44 x 44
    px, not the desktop's 30 x 20 (was: 608 px wide, 30 x 20)."""
    from PIL import Image
    from conftest import SCREENSHOT_DIR

    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.set_content(
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<style>button{width:30px;height:20px;border:0;background:#f00}'
            ' @media (pointer:coarse){button{width:44px;height:44px}}</style>'
            '<div id="rendered_cells"><div style="width:600px">wider than a phone, not a tablet</div>'
            '<button>b</button></div>')
        assert device_problems(page) == {"small": ["b 30x20"]}      # a desktop: fine pointer
        found = check_switched_to_devices(page, "selftest")
        assert list(found) == [PHONE[0]] and list(found[PHONE[0]]) == ["page", "cut"], found
        assert any("wider than a phone" in c for c in found[PHONE[0]]["cut"]), found
        assert device_problems(page) == {"small": ["b 30x20"]}      # back on the desktop
    finally:
        context.close()
    phone, tablet = (Image.open(SCREENSHOT_DIR / f"devices-selftest-{w}.png").convert("RGB")
                     for w, _ in (PHONE, TABLET))
    assert phone.width == PHONE[0], phone.size
    red = [(x, y) for x in range(120) for y in range(120) if tablet.getpixel((x, y)) == (255, 0, 0)]
    assert red and (max(x for x, _ in red) - min(x for x, _ in red) + 1,
                    max(y for _, y in red) - min(y for _, y in red) + 1) == (44, 44), red[:3]
