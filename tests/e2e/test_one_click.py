"""One click, one action (module/apps/one-click.mjs): the second click of a double click on a button of the system's
windows or chat cards reaches no listener; a single click, a keyboard press, a checkbox in a system window, a control
marked ``data-repeat`` (sell one more, step back once more; clicked on its icon) and a button of Foundry's interface
outside the system's windows keep every click. The features' double clicks across a redraw are in
test_money.py (Buy), test_heat.py (Add crime) and test_shifts_services.py (Reached).

The click count is the DOM's: for click events, ``UIEvent.detail`` is the current click count
(https://developer.mozilla.org/en-US/docs/Web/API/UIEvent/detail), which Playwright's ``dblclick`` sets to 1 and 2.
A window's ``classes`` go on its element and its ``actions`` run from the click on the ``[data-action]`` element
(https://foundryvtt.com/api/interfaces/foundry.applications.types.ApplicationConfiguration.html), which is what the
fixture's ``the-smoke`` root and listeners stand for."""

from __future__ import annotations

import pytest
from helpers import press_twice
from playwright.sync_api import Page

pytestmark = pytest.mark.harness_only

# A system window (class the-smoke) with a button, an [data-action] link and a checkbox, a chat card's button, and a
# button of Foundry's own interface; each counts the clicks its listener (on the element, as a window's are) receives.
MOUNT = """() => {
    document.querySelector('#one-click-fixture')?.remove();
    const root = document.createElement('div');
    root.id = 'one-click-fixture';
    root.style.cssText = 'position: fixed; left: 300px; top: 200px; z-index: 100000; background: white;';
    root.innerHTML = `
      <div class="application the-smoke"><button type="button" id="oc-button">Buy</button>
        <a data-action="roll" id="oc-action">Roll</a><input type="checkbox" id="oc-box">
        <button type="button" id="oc-repeat" data-repeat><i>Sell one</i></button></div>
      <li class="chat-message"><div class="smoke-heat-card"><button type="button" id="oc-card">Add to Heat</button></div></li>
      <button type="button" id="oc-core">Core</button>`;
    document.body.append(root);
    window.ocCounts = {};
    for (const el of root.querySelectorAll('button, a, input')) el.addEventListener('click', () => {
      window.ocCounts[el.id] = (window.ocCounts[el.id] ?? 0) + 1; });
}"""


def test_a_double_click_acts_once_on_system_buttons_and_twice_elsewhere(gm_page: Page):
    gm_page.evaluate(MOUNT)
    for selector in ("#oc-button", "#oc-action", "#oc-card", "#oc-core", "#oc-box", "#oc-repeat i"):
        gm_page.locator(selector).dblclick()
    counts = gm_page.evaluate("() => window.ocCounts")
    assert counts == {"oc-button": 1, "oc-action": 1, "oc-card": 1, "oc-core": 2, "oc-box": 2, "oc-repeat": 2}
    assert gm_page.locator("#oc-box").is_checked() is False, "the checkbox toggled twice, as the browser does"


def test_single_clicks_and_key_presses_each_act(gm_page: Page):
    gm_page.evaluate(MOUNT)
    button = gm_page.locator("#oc-button")
    button.click()
    button.click()
    button.focus()
    gm_page.keyboard.press("Enter")
    gm_page.keyboard.press("Space")
    assert gm_page.evaluate("() => window.ocCounts") == {"oc-button": 4}


def test_press_twice_reaches_the_buttons_own_listener_twice_where_a_double_click_reaches_it_once(gm_page: Page):
    """The browser tests' ``press_twice`` (two presses in one go, as a key repeat sends) is let through by the guard,
    so a feature's own guard is what a test using it checks; a ``dblclick()`` stops at this guard first."""
    gm_page.evaluate(MOUNT)
    press_twice(gm_page.locator("#oc-button"))
    press_twice(gm_page.locator("#oc-card"))
    gm_page.locator("#oc-action").dblclick()
    assert gm_page.evaluate("() => window.ocCounts") == {"oc-button": 2, "oc-card": 2, "oc-action": 1}
