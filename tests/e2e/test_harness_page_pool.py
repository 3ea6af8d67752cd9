"""The page pool (tests/e2e/conftest.py): a pooled page's next test starts clean — the previous test's localStorage
(client settings, a player's held speed dice), sessionStorage and cookies are gone. The two tests run in file order on
one worker (``--dist loadfile``); the first leaves all three behind in Player One's pooled page, the second finds
none of them in the page it is given (the same page: the pool's only idle one for that role)."""

from __future__ import annotations

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
