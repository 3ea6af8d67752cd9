"""Helpers the GM Screen's browser tests share (moved from test_gm_screen.py; no test file imports another)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .core import SEED_DICE
from .motors import import_actor

FORGED = "That card is not the roll this request was checked for: it does not count."
GONE = "That request is no longer open (it was cleared or never sent): ask the GM to send it again."


def two_players(gm: Page, p1: Page, p2: Page) -> tuple[str, str]:
    """Danny (Graft d8) for Player One and Jaz (Graft d6) for Player Two, each their player's character."""
    u1, u2 = p1.evaluate("game.user.id"), p2.evaluate("game.user.id")
    danny = import_actor(gm, "pregens", 'Danny "Tealeaf" Doyle', {"ownership": {u1: 3}})
    jaz = import_actor(gm, "pregens", "Jaz Kaur", {"ownership": {u2: 3}})
    for page, actor in ((p1, danny), (p2, jaz)):
        page.wait_for_function("id => !!game.actors.get(id)", arg=actor)
        page.evaluate("id => game.user.update({character: id})", actor)
    return danny, jaz


def open_screen(gm: Page):
    """Open the GM Screen with its keybinding (Shift+G)."""
    gm.locator("body").click(position={"x": 5, "y": 5})
    gm.keyboard.press("Shift+KeyG")
    screen = gm.locator("#smoke-gm-screen")
    expect(screen).to_be_visible()
    return screen


def roll_from_card(page: Page, button: str, dice: list[tuple[int, int]]) -> None:
    """Press the request card's button, and roll in the roll dialog with seeded dice."""
    page.locator("#chat-log .smoke-gm-request").last.get_by_role("button", name=button).click()
    dialog = page.locator(".application.roll-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("The GM fixed this TN for your dice (perks and Hustle still apply).")
    expect(dialog.locator("input[name=tnSource]")).to_have_count(1)
    expect(dialog.locator("input[name=tn]")).to_have_attribute("readonly", "")
    page.evaluate(SEED_DICE, dice)
    dialog.get_by_role("button", name="Roll", exact=True).click()


def name_of(page: Page, actor_id: str) -> str:
    """The chooser checkbox's accessible name: the character's name (• when present)."""
    return page.evaluate("id => game.actors.get(id).name", actor_id)


def last_request(page: Page) -> dict:
    """The newest request in the GM store `gmRequests` (as this client reads it)."""
    return page.evaluate("""() => Object.values(game.settings.get('the-smoke', 'gmRequests'))
        .sort((a, b) => b.at - a.at)[0]""")


def reload_gm(gm: Page) -> None:
    """Reload the GM's page and wait until the system is ready again."""
    gm.reload()
    gm.wait_for_function("() => window.game?.ready === true")


def claim(page: Page, roll_id: str, message_id: str) -> str | dict:
    """Ask the GM to count a card for a roll: its answer, or the refusal's words."""
    return page.evaluate("""async ([rollId, messageId]) => {
        try { return await game.system.api.requestGM("gm.request.claim", {rollId, messageId}); }
        catch (e) { return e.message; } }""", [roll_id, message_id])


def send_check(gm: Page, key: str, actor: str) -> dict:
    """The GM sends a GM Screen check request to one character: ``{id, rollId}`` (the request and its first option's
    roll)."""
    return gm.evaluate("""async ([key, actor]) => {
        const r = await game.system.api.requestGM("gm.request.send", {kind: "check", key, actorUuids: [`Actor.${actor}`]});
        const req = game.settings.get('the-smoke', 'gmRequests')[r.id];
        return {id: r.id, rollId: req.entries[0].options[0].rollId};
    }""", [key, actor])


def request_result(gm: Page, request_id: str):
    """The result the GM recorded on a request's first entry, or None."""
    return gm.evaluate("r => game.settings.get('the-smoke', 'gmRequests')[r]?.entries[0]?.result ?? null", request_id)
