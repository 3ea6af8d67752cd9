"""Shared set-up of the browser benchmarks (``bench_ui.py``, ``bench_combat.py``, ``bench_exit.py``): the built system in the stand-in
client (``tests/harness``), headless Chromium, one page signed in as the GM. Not a test; not shipped."""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from the_smoke.preview import prepare, start_server  # noqa: E402

ROOT = HERE.parent
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


@contextmanager
def gm_page() -> Iterator[Page]:
    """Yield a Playwright page of the stand-in, signed in as the GM, after ``game.ready``; clean up afterwards.
    Uses Debian's Chromium (or ``CHROMIUM_PATH``), else Playwright's own browser."""
    with gm_session() as (page, _url):
        yield page


@contextmanager
def gm_session() -> Iterator[tuple[Page, str]]:
    """:func:`gm_page` and the stand-in's URL (for its ``/harness/stats`` counts)."""
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="bench."))
    system, packs = prepare(ROOT, work)
    proc, url = start_server(ROOT, system, packs)
    try:
        with urllib.request.urlopen(f"{url}/harness/users") as resp:
            gm = next(u for u in json.loads(resp.read()) if u["role"] == 4)["_id"]
        with sync_playwright() as pw:
            executable = CHROMIUM if Path(CHROMIUM).exists() else None
            browser = pw.chromium.launch(headless=True, args=["--no-sandbox", "--disable-gpu"], executable_path=executable)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(f"{url}/game?user={gm}")
            page.wait_for_function("game.ready === true")
            yield page, url
            browser.close()
    finally:
        proc.terminate()
        proc.wait(5)
        shutil.rmtree(work, ignore_errors=True)
