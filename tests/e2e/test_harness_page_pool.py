"""The page pool (tests/e2e/conftest.py): a pooled page's next test starts clean — the previous test's localStorage
(client settings, a player's held speed dice), sessionStorage and cookies are gone. The two tests run in file order on
one worker (``--dist loadfile``); the first leaves all three behind in Player One's pooled page, the second finds
none of them in the page it is given (the same page: the pool's only idle one for that role). The other three check
the launch arguments (helpers/browser.py): they let a pooled page's next boot keep its renderer process, leave a
reloaded page's old document as a user's Chromium does, and name V8 flags the installed V8 knows."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import threading
from pathlib import Path

import playwright
import pytest
from helpers.browser import CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES, REUSE_RENDERERS, V8_FLAGS, chromium_path
from playwright.sync_api import Browser, Page

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


def test_a_reloaded_page_logs_nothing_from_its_old_document(world, browser: Browser):
    """A reload while a fetch is in flight (a template a chat card is still loading) cancels the fetch. In a user's
    Chromium the old document is gone by then and its ``catch`` never runs; launched with ``RenderDocument`` off, the
    old document ran on while it unloaded and logged "Failed to fetch" (a GM Screen reload test failed so in CI). The
    fetch here never answers (a route left pending), so it is in flight at the reload, every time."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.route("**/never-answered", lambda route: None)
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(world.url + "/")
        with page.expect_request("**/never-answered"):
            page.evaluate("""() => { fetch('/never-answered')
                .catch(e => console.error('the old document ran on: ' + e)); }""")
        page.reload()
        assert page.evaluate("() => document.readyState") == "complete"   # the new document answers: events before it are in
        assert errors == []
    finally:
        context.close()


def test_the_v8_flags_are_ones_the_installed_chromiums_v8_knows():
    """helpers/browser.py turns V8's optimizing compilers off by name. V8 lists its flags with ``--js-flags=--help``
    (v8/src/flags/flag-definitions.h); a name it no longer had would be ignored, and the tests would quietly run with
    the compilers on again. Each flag must be one the installed Chromium's V8 lists, as a boolean now on by default.
    (The browser prints the list as it starts and then runs on: it is stopped once the list is read, or after 30 s.)"""
    executable = chromium_path()
    if executable is None:
        pytest.skip("no installed Chromium to ask (Playwright's own browser): nothing to compare against")
    wanted = {flag: re.compile(rf"^  --{re.escape(flag.removeprefix('--no-'))} \(.*\)\n\s+type: bool  default: "
                               rf"--{re.escape(flag.removeprefix('--no-'))}$", re.M) for flag in V8_FLAGS}
    proc = subprocess.Popen([executable, "--headless", "--no-sandbox", "--js-flags=--help", "about:blank"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    # Debian's /usr/bin/chromium* are shell scripts that start the browser as their child: stop the whole group
    stop = lambda: os.killpg(proc.pid, signal.SIGKILL)  # noqa: E731
    watchdog = threading.Timer(30, stop)
    watchdog.start()
    listed = ""
    try:
        for line in proc.stdout:
            listed += line
            if "  type: " in line and all(p.search(listed) for p in wanted.values()):
                break
    finally:
        watchdog.cancel()
        stop()
        proc.wait()
    missing = [flag for flag, pattern in wanted.items() if not pattern.search(listed)]
    assert not missing, f"V8 in {executable} lists no boolean flag on by default for {missing}"
    assert f"--js-flags={' '.join(V8_FLAGS)}" in CHROMIUM_ARGS
