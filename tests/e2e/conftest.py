"""Browser-test fixtures for The Smoke.

By default the tests boot the REAL built system (``dist/the-smoke-*.zip``, built beforehand by the test command)
inside the harness stand-in client (``tests/harness/``): the zip is unpacked to a temp dir, its compendia are extracted
to JSON with the official CLI (``tools/pack.mjs extract``), and ``tests/harness/server.mjs`` serves it on a free port.

With ``FOUNDRY_URL`` set, the same page fixtures log in to that real Foundry VTT v13 server instead (see
tests/harness/README.md for the user/password variables); tests marked ``harness_only`` are skipped there.

Fixtures: ``server`` (session), ``browser`` (session), ``world`` (reset per test), ``open_user_page`` (factory),
``gm_page`` / ``player1_page`` / ``player2_page`` (booted pages, separate browser contexts, reused between tests
through ``page_pool``), ``gm2_page`` (the second
GM, "Assistant GM": role ASSISTANT, 3), ``gm3_page`` ("Gamemaster Two", a second full GAMEMASTER), ``page_errors``.
"""

from __future__ import annotations

import json
import os
import subprocess
import urllib.request
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from helpers import skew_time  # noqa: F401 — lives in helpers.py; kept importable from here for older tests
from helpers.browser import CHROMIUM_ARGS, chromium_path
from playwright.sync_api import Browser, CDPSession, Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
FOUNDRY_URL = os.environ.get("FOUNDRY_URL", "").rstrip("/")
# An assertion waits up to 15 s for what it expects (Playwright's default is 5 s): on the 2-core machine with both
# workers' browsers busy, a chain of GM automation (a round's end card, a redraw after the GM's record) took longer
# than 5 s now and then. A check that something did NOT happen waits with helpers.settle instead, so this adds no time
# to a passing run.
expect.set_options(timeout=15_000)

BOOT_TIMEOUT_MS = 20_000

# role → (user-name env var, default name, password env var)
ROLES = {
    "gm": ("FOUNDRY_GM_USER", "Gamemaster", "FOUNDRY_GM_PASSWORD"),
    "gm2": ("FOUNDRY_GM2_USER", "Assistant GM", "FOUNDRY_GM2_PASSWORD"),
    "gm3": ("FOUNDRY_GM3_USER", "Gamemaster Two", "FOUNDRY_GM3_PASSWORD"),
    "player1": ("FOUNDRY_PLAYER1_USER", "Player One", "FOUNDRY_PLAYER1_PASSWORD"),
    "player2": ("FOUNDRY_PLAYER2_USER", "Player Two", "FOUNDRY_PLAYER2_PASSWORD"),
}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "harness_only: uses the stand-in's test endpoints or internals; "
                                       "skipped when FOUNDRY_URL points at a real Foundry")
    config.addinivalue_line("markers", "fresh_pages: the test's pages get new browser contexts, not the pool's "
                                       "(it changes a context in ways a navigation does not undo, e.g. page.clock)")


def pytest_report_header(config: pytest.Config) -> str:
    return f"browser tests' Chromium: {chromium_path() or 'Playwright’s own download'}"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not FOUNDRY_URL:
        return
    skip = pytest.mark.skip(reason="harness_only: not applicable to a real Foundry server (FOUNDRY_URL is set)")
    for item in items:
        if "harness_only" in item.keywords:
            item.add_marker(skip)


def user_name(role: str) -> str:
    env, default, _ = ROLES[role]
    return os.environ.get(env, default)


# --------------------------------------------------------------------------------------------------------------
# Servers
# --------------------------------------------------------------------------------------------------------------

@dataclass
class HarnessServer:
    """The stand-in server: its URL, the manifest it serves, and its test endpoints."""

    url: str
    manifest: dict
    process: subprocess.Popen | None = None
    is_harness: bool = True
    user_ids: dict[str, str] = field(default_factory=dict)
    #: the unpacked system and its compendia extracted to JSON (what the preview serves; the demo reads them)
    system_dir: Path | None = None
    packs_dir: Path | None = None

    def _call(self, path: str, body: dict | None = None, method: str = "GET") -> object:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers={"content-type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as resp:
            return json.loads(resp.read() or b"null")

    def reset(self) -> None:
        self._call("/harness/reset", {}, "POST")

    def seed(self, **documents: list) -> dict:
        """Create documents as the GM (test setup): ``seed(actors=[...], items=[...], scenes=[...], combats=[...],
        messages=[...], users=[...])`` (users are patches such as ``{"_id": ..., "character": ...}``)."""
        return self._call("/harness/seed", documents, "POST")

    def world(self) -> dict:
        """The server's stored world (users, actors, items, scenes, combats, messages, settings)."""
        return self._call("/harness/world")

    def login(self, page: Page, role: str) -> None:
        if not self.user_ids:
            self.user_ids = {u["name"]: u["_id"] for u in self._call("/harness/users")}
        page.goto(f"{self.url}/game?user={self.user_ids[user_name(role)]}")


@dataclass
class FoundryServer:
    """A real Foundry VTT v13 server (FOUNDRY_URL): login through /join. Untested here (no licence on this machine)."""

    url: str
    manifest: dict
    is_harness: bool = False

    def reset(self) -> None:
        """A real world cannot be reset; the gm_page fixture deletes what a test created instead."""

    def login(self, page: Page, role: str) -> None:
        _, _, password_env = ROLES[role]
        page.goto(f"{self.url}/join")
        page.locator("select[name=userid]").select_option(label=user_name(role))
        page.locator("input[name=password]").fill(os.environ.get(password_env, ""))
        page.locator("button[name=join]").click()
        page.wait_for_url("**/game")


@pytest.fixture(scope="session")
def dist_zip() -> Path:
    zips = sorted(ROOT.glob("dist/the-smoke-*.zip"), key=lambda p: p.stat().st_mtime)
    if not zips:
        pytest.fail("no dist/the-smoke-*.zip: build first (`.venv/bin/the-smoke build`)")
    return zips[-1]


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory, dist_zip: Path):
    """The harness server for the built system (or the real Foundry named by FOUNDRY_URL)."""
    with zipfile.ZipFile(dist_zip) as zf:
        manifest = json.loads(zf.read("system.json"))
    if FOUNDRY_URL:
        yield FoundryServer(FOUNDRY_URL, manifest)
        return
    base = tmp_path_factory.mktemp("harness")
    system_dir, packs_dir = base / "system", base / "packs"
    with zipfile.ZipFile(dist_zip) as zf:
        zf.extractall(system_dir)
    names = [p["name"] for p in manifest.get("packs", [])]
    extract = subprocess.run(["node", "tools/pack.mjs", "extract", str(system_dir / "packs"), str(packs_dir), *names],
                             cwd=ROOT, capture_output=True, text=True, timeout=120)
    if extract.returncode:
        pytest.fail(f"pack extraction failed:\n{extract.stderr}")
    log = open(base / "server.log", "w")  # noqa: SIM115 (closed at teardown)
    proc = subprocess.Popen(["node", "tests/harness/server.mjs", "--system", str(system_dir), "--packs", str(packs_dir),
                             "--port", "0", "--cache", "1"], cwd=ROOT, stdout=subprocess.PIPE, stderr=log, text=True)
    line = proc.stdout.readline()
    if not line:
        proc.wait(5)
        log.close()
        pytest.fail(f"harness server did not start:\n{(base / 'server.log').read_text()}")
    try:
        yield HarnessServer(json.loads(line)["url"], manifest, proc, system_dir=system_dir, packs_dir=packs_dir)
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
        log.close()


# --------------------------------------------------------------------------------------------------------------
# Browser and pages
# --------------------------------------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory):
    """Chromium per notes/toolchain.md: Debian's headless shell or its browser (``helpers.browser.chromium_path``;
    Playwright's download does not work here), no sandbox, XDG config/cache in a temp dir so the home directory stays
    untouched."""
    xdg = tmp_path_factory.mktemp("xdg")
    env = {**os.environ, "XDG_CONFIG_HOME": str(xdg / "config"), "XDG_CACHE_HOME": str(xdg / "cache")}
    kwargs: dict = {"headless": True, "args": CHROMIUM_ARGS, "env": env}
    executable = chromium_path()
    if executable:
        kwargs["executable_path"] = executable
    with sync_playwright() as pw:
        browser = pw.chromium.launch(**kwargs)
        yield browser
        browser.close()


@pytest.fixture
def world(server):
    """A fresh world for the test (the harness resets its in-memory state)."""
    server.reset()
    return server


@pytest.fixture
def page_errors() -> dict:
    """{page: [messages]}: console errors and uncaught exceptions of every page opened by ``open_user_page``."""
    return {}


@pytest.fixture(scope="session")
def page_pool(browser: Browser):
    """role → the pages kept booted-once between tests (one browser context each), so a test's client is a
    navigation in a warm page (about 1 s) rather than a new context's first boot (2–3 s, more under load).
    Nothing of a test's client survives into the next: at its end each page leaves the game (its WebSocket closes,
    its timers stop), its storage and cookies are cleared, the fixture's listeners removed and any other page of its
    context closed; the next test logs in afresh, so the client boots from nothing against the reset world."""
    pool: dict[str, list[Page]] = {}
    yield pool
    for pages in pool.values():
        for page in pages:
            if not page.is_closed():
                page.context.close()


def smoke_module_script(manifest: dict) -> str:
    """The init script of every test context: ``smokeModule(path)`` → the namespace of one of the system's modules,
    named by its path (``"/systems/the-smoke/module/documents/core/check.mjs"``, or just what follows ``module/``).
    The system ships as one bundle (tools/bundle.mjs): a path import of a source file would not exist, and the bundle's
    ``modules`` export holds the very instances the running system uses (one state, one registry of requests)."""
    bundle = f"/systems/{manifest['id']}/{manifest['esmodules'][0]}"
    return f"""window.smokeModule = async path => {{
  const rel = String(path).replace(/^.*?\\/module\\//, "");
  const {{ modules }} = await import({json.dumps(bundle)});
  if (!(rel in modules)) throw new Error(`smokeModule: no module ${{rel}} in the system's bundle`);
  return modules[rel];
}};"""


#: one DevTools session per pooled page, for clearing its storage at each release
_CDP: dict[Page, CDPSession] = {}


def _release(page: Page, url: str, pool: list[Page]) -> None:
    """End a pooled page's test: off the game to about:blank (nothing to load), then the origin's localStorage (the
    client settings, a player's held speed dice) cleared through the DevTools protocol (`Storage.clearDataForOrigin`)
    and the cookies; a page that cannot be cleaned (closed, clock installed, stuck) leaves the pool."""
    if page.is_closed():
        pool.remove(page)
        _CDP.pop(page, None)
        return
    try:
        for other in page.context.pages:
            if other is not page:
                other.close()
        page.goto("about:blank", timeout=10_000)
        session = _CDP.get(page)
        if session is None:
            session = _CDP[page] = page.context.new_cdp_session(page)
        session.send("Storage.clearDataForOrigin", {"origin": url, "storageTypes": "local_storage,session_storage"})
        page.context.clear_cookies()
    except Exception:  # noqa: BLE001 — anything odd: drop it, the next test gets a fresh context
        pool.remove(page)
        _CDP.pop(page, None)
        page.context.close()


@pytest.fixture
def open_user_page(request, world, browser: Browser, page_errors: dict, page_pool: dict):
    """Factory: ``open_user_page("gm" | "gm2" | "gm3" | "player1" | "player2", init_script=None)`` → a booted Page
    (game.ready) in its own browser context. ``init_script`` runs before any page script (e.g. to observe the boot
    hooks). The same role may be opened more than once (two tabs of one user: each is its own connection).

    Pages come from ``page_pool`` (see there) unless the test has an ``init_script`` or is marked ``fresh_pages``
    (it changes its context in ways a navigation does not undo, e.g. ``page.clock``): those get a new context,
    closed at the end."""
    contexts = []
    used: list[tuple[Page, list]] = []
    fresh = request.node.get_closest_marker("fresh_pages") is not None or not world.is_harness

    def open_page(role: str, init_script: str | None = None) -> Page:
        pool = page_pool.setdefault(role, [])
        taken = {id(p) for p, _ in used}
        idle = [p for p in pool if id(p) not in taken and not p.is_closed()]
        if init_script or fresh or not idle:
            context = browser.new_context(viewport={"width": 1400, "height": 900})
            context.add_init_script(smoke_module_script(world.manifest))
            page = context.new_page()
            if init_script or fresh:
                contexts.append(context)
                if init_script:
                    page.add_init_script(init_script)
            else:
                pool.append(page)
        else:
            page = idle[0]
        errors = page_errors.setdefault(page, [])
        handlers = [("console", lambda m: errors.append(m.text) if m.type == "error" else None),
                    ("pageerror", lambda e: errors.append(str(e)))]
        for event, handler in handlers:
            page.on(event, handler)
        if page in pool:
            used.append((page, handlers))
        world.login(page, role)
        page.wait_for_function("() => window.game?.ready === true", timeout=BOOT_TIMEOUT_MS)
        return page

    yield open_page
    for context in contexts:
        context.close()
    for role_pool in page_pool.values():
        for page, handlers in [(p, h) for p, h in used if p in role_pool]:
            if not page.is_closed():
                for event, handler in handlers:
                    page.remove_listener(event, handler)
            _release(page, world.url, role_pool)


def _track_created(page: Page):
    """For a real Foundry: remember the world's actors/items/messages, and delete what the test added."""
    before = page.evaluate("() => ['actors', 'items', 'messages'].map(c => game[c].map(d => d.id))")

    def cleanup() -> None:
        page.evaluate("""async before => {
            for (const [i, c] of ['actors', 'items', 'messages'].entries()) {
              const ids = game[c].filter(d => !before[i].includes(d.id)).map(d => d.id);
              if (ids.length) await game[c].documentClass.deleteDocuments(ids);
            }
        }""", before)
    return cleanup


@pytest.fixture
def gm_page(open_user_page, server) -> Page:
    page = open_user_page("gm")
    cleanup = None if server.is_harness else _track_created(page)
    yield page
    if cleanup:
        cleanup()


@pytest.fixture
def player1_page(open_user_page) -> Page:
    return open_user_page("player1")


@pytest.fixture
def player2_page(open_user_page) -> Page:
    return open_user_page("player2")


@pytest.fixture
def gm2_page(open_user_page) -> Page:
    """The second GM, "Assistant GM": role ASSISTANT (3), so ``isGM`` but the active GM only while no full GM is
    connected (v13 ``Users#activeGM``: "non-assistant if possible")."""
    return open_user_page("gm2")


@pytest.fixture
def gm3_page(open_user_page) -> Page:
    """"Gamemaster Two": a second full GAMEMASTER (role 4), for tests of two full GMs."""
    return open_user_page("gm3")
