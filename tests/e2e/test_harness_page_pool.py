"""The page pool (tests/e2e/conftest.py): a pooled page's next test starts clean — the previous test's localStorage
(client settings, a player's held speed dice), sessionStorage and cookies are gone. The two tests run in file order on
one worker (``--dist loadfile``); the first leaves all three behind in Player One's pooled page, the second finds
none of them in the page it is given (the same page: the pool's only idle one for that role). The last checks the
launch arguments that let a pooled page's next boot keep its renderer process (helpers/browser.py)."""

from __future__ import annotations

import re
from pathlib import Path

import playwright
from helpers.browser import CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES, REUSE_RENDERERS
from playwright.sync_api import Page

LEAVE = """() => { localStorage.setItem('the-smoke.leftBehind', '1'); sessionStorage.setItem('leftBehind', '1');
    document.cookie = 'leftBehind=1; path=/'; return window.__poolMark = 'first'; }"""
FOUND = """() => ({local: localStorage.getItem('the-smoke.leftBehind'), session: sessionStorage.getItem('leftBehind'),
    cookie: document.cookie.includes('leftBehind'), mark: window.__poolMark ?? null})"""


def test_a_test_leaves_storage_behind(player1_page: Page, page_pool: dict):
    assert player1_page.evaluate(LEAVE) == "first"
    assert player1_page in page_pool["player1"]


def test_the_next_test_on_the_pooled_page_finds_none_of_it(player1_page: Page, page_pool: dict):
    assert player1_page in page_pool["player1"] and len(page_pool["player1"]) == 1, "the same pooled page"
    assert player1_page.evaluate(FOUND) == {"local": None, "session": None, "cookie": False, "mark": None}


def test_our_disabled_features_repeat_playwrights_own():
    """helpers/browser.py's ``--disable-features`` replaces the one Playwright passes (Chromium keeps the last), so it
    repeats Playwright's list: the copy must be the installed driver's, or an upgrade would re-enable what Playwright
    turns off for its own reliability (PaintHolding, HttpsUpgrades, …)."""
    bundle = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
    found = re.search(r"\bdisabledFeatures = \[(.*?)\]", bundle.read_text(), re.S)
    assert found, f"{bundle}: no `disabledFeatures = [...]`; find Playwright's list and update helpers/browser.py"
    assert re.findall(r'^\s*"(\w+)"', found.group(1), re.M) == PLAYWRIGHT_DISABLED_FEATURES
    assert CHROMIUM_ARGS[-1] == "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + REUSE_RENDERERS)
