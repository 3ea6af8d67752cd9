"""Helpers for the character-record tests: a write forged straight to the stand-in's server (past every hook of the
player's own client, as a hostile player's script would send it), the GM's record as the page reads it, and the
notice a player sees."""

from __future__ import annotations

from playwright.sync_api import Page

from .core import settle

FORGE = """([documentName, parentUuid, operation, rows]) => game.harness.socket.request('modifyDocument', {
    documentName, operation, parentUuid, options: {},
    ...(operation === 'create' ? {data: rows} : operation === 'delete' ? {ids: rows} : {updates: rows})})"""


def forge(page: Page, document: str, rows: list, *, parent: str | None = None, operation: str = "update") -> None:
    """Send a write of ``document`` (``"Actor"``, ``"Item"``…) to the server as this page's user, bypassing the
    client's own hooks; ``parent`` is the embedded document's parent UUID (``"Actor.<id>"``)."""
    page.evaluate(FORGE, [document, parent, operation, rows])


def record(page: Page, actor: str) -> dict:
    """The GM's record of a character (documents/core/record.mjs recordOf), as this page reads it."""
    return page.evaluate("id => game.system.api.record.recordOf(game.actors.get(id))", actor)


def notices(page: Page) -> str:
    return page.inner_text("#notifications")


def catalogue_ids(page: Page) -> dict:
    """The generated catalogue ids (pack → key → document id)."""
    return page.evaluate("async () => (await smokeModule('/systems/the-smoke/module/generated/rules.mjs')).CATALOGUE_IDS")


ARM = """([id, script, arg]) => {
    const run = (0, eval)(script);
    window.smokeArmed = new Promise(resolve => {
        const hook = (actor, changes, options, userId) => {
            if (actor.id !== id || userId === game.user.id) return;
            Hooks.off('updateActor', hook);
            try { Promise.resolve(run(arg)).then(ok => resolve({ok}), e => resolve({refused: e.message})); }
            catch (e) { resolve({refused: e.message}); }
        };
        Hooks.on('updateActor', hook);
    }); }"""

SEND = "data => game.system.api.requestGM(data.kind, data.data)"


def arm(page: Page, actor: str, script: str, arg=None) -> None:
    """On this page (the GM's), run ``script`` (a JS function of ``arg``) the moment another user's write to the actor
    arrives — in the same breath, before the active GM has put a forged value back. :func:`armed` gives its result."""
    page.evaluate(ARM, [actor, script, arg])


def armed(page: Page) -> dict:
    """The armed script's result: ``{"ok": value}``, or ``{"refused": message}`` when it threw."""
    return page.evaluate("() => window.smokeArmed")


def ask_when_forged(page: Page, actor: str, kind: str, data: dict) -> None:
    """Arm this page to send the request ``kind`` with ``data`` the moment another user's write to the actor arrives."""
    arm(page, actor, SEND, {"kind": kind, "data": data})


FORGE_THEN_ASK = """async ([rows, kind, data]) => {
    await game.harness.socket.request('modifyDocument', {documentName: 'Actor', operation: 'update', parentUuid: null,
        options: {}, updates: rows});
    try { return {ok: await game.system.api.requestGM(kind, data)}; } catch (e) { return {refused: e.message}; } }"""


def forge_then_ask(page: Page, rows: list, kind: str, data: dict) -> dict:
    """Actor writes forged straight to the server (past this page's own client) and, at once, a request to the GM
    that reads what was forged — before the GM can put it back: ``{"ok": result}`` or ``{"refused": message}``."""
    return page.evaluate(FORGE_THEN_ASK, [rows, kind, data])


def readopt_after_reload(gm: Page, key: str) -> None:
    """A world from before the GM record ``key`` (a store adopted by documents/core/mirror.mjs ownAdoption): once every
    record's adoption at ``ready`` is done (their markers are written one after another, each from the store as it then
    stood, so a marker write still in flight would put back the one deleted here), the GM forgets the record's marker
    and empties its store, reloads, and waits until the record has adopted the world again."""
    settle(gm)
    gm.evaluate("""async key => { const marks = foundry.utils.deepClone(game.settings.get('the-smoke', 'recordAdoption'));
        delete marks[key];
        await game.settings.set('the-smoke', 'recordAdoption', marks);
        await game.settings.set('the-smoke', key, {}); }""", key)
    gm.wait_for_function("key => !game.settings.get('the-smoke', 'recordAdoption')[key]", arg=key)
    gm.reload()
    gm.wait_for_function("() => window.game?.ready === true")
    gm.wait_for_function("key => !!game.settings.get('the-smoke', 'recordAdoption')[key]", arg=key)
