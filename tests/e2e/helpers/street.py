"""Helpers for test_street_control.py (no test file imports another): Danny for Player One on a scene, the Street
Control window, a police card's roll through the roll dialog, and a player's refused request."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .core import SEED_DICE
from .motors import import_actor, observer

GM_ONLY = "Only a GM can do that."
EVENTS = "() => game.messages.contents.filter(m => m.flags['the-smoke']?.streetEvent && m.visible).length"


def danny_on_scene(gm: Page, p1: Page) -> dict:
    """Danny (Player One's character) and a 20×10-square scene the GM views; returns ids."""
    u1 = p1.evaluate("game.user.id")
    danny = import_actor(gm, "pregens", 'Danny "Tealeaf" Doyle', {"ownership": {u1: 3}})
    p1.wait_for_function("id => !!game.actors.get(id)", arg=danny)
    p1.evaluate("id => game.user.update({character: id})", danny)
    scene = gm.evaluate("""async () => { const s = await Scene.create({name: "Mare Street", active: true, grid: {size: 100},
        width: 2000, height: 1000}); await s.view?.(); return s.id; }""")
    return {"danny": danny, "scene": scene, "u1": u1}


def street_window(gm: Page):
    gm.evaluate("game.system.api.apps.StreetControl.open()")
    window = gm.locator("#smoke-street-control")
    expect(window).to_be_visible()
    return window


def ask(page: Page, kind: str, data: dict) -> str | None:
    """A request to the GM from this page: None if it went through, else the refusal."""
    return page.evaluate("""async ([kind, data]) => {
        try { await game.system.api.requestGM(kind, data); return null; } catch (e) { return e.message; } }""", [kind, data])


def roll_police(page: Page, button: str, dice: list[tuple[int, int]]) -> None:
    """Press a police card's roll button and roll in the dialog (TN fixed by the GM) with seeded dice."""
    page.locator("#chat-log .smoke-street-event.police").last.get_by_role("button", name=button).click()
    dialog = page.locator(".application.roll-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("input[name=tn]")).to_have_attribute("readonly", "")
    page.evaluate(SEED_DICE, dice)
    dialog.get_by_role("button", name="Roll", exact=True).click()


def nicked_vexa(gm: Page, p1: Page, ids: dict) -> str:
    """Danny driving a Vexa Hatch whose plate is on record as stolen; returns the motor's id."""
    car = import_actor(gm, "vehicles", "Vexa Hatch", observer(ids["u1"]))
    gm.evaluate("""async ([s, car, danny]) => {
        await game.scenes.get(s).createEmbeddedDocuments("Token", [{name: "Vexa", actorId: car, actorLink: true, x: 300, y: 300}]);
        await game.system.api.requestGM("vehicle.board", {vehicleUuid: `Actor.${car}`, actorUuid: `Actor.${danny}`, seat: "driver"});
        const { plateStolen } = await smokeModule("/systems/the-smoke/module/documents/heat/units.mjs");
        await plateStolen(game.actors.get(car));
    }""", [ids["scene"], car, ids["danny"]])
    return car
