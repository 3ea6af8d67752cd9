"""Helpers for the browser tests of motors and the street map: importing an actor, seat records, notifications,
and a two-scene map with EXIT strips (imported through ``helpers``)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .core import P1, P2, settle

VEHICLES_MODULE = "/systems/the-smoke/module/documents/vehicle/vehicle.mjs"


def import_actor(page: Page, pack: str, name: str, update: dict | None = None) -> str:
    """Import an actor from a compendium as the GM, with an update (ownership …); returns its id once every
    connected client has it (``settle``: a player's page acting on it next must not find it missing)."""
    actor_id = page.evaluate("""async ([pack, name, update]) => {
        const p = game.packs.get(`the-smoke.${pack}`);
        const entry = (await p.getIndex()).contents.find(e => e.name === name);
        const actor = await game.actors.importFromCompendium(p, entry._id, update ?? {});
        return actor.id;
    }""", [pack, name, update])
    settle(page, 0)
    return actor_id


def seat_records(page: Page, vehicle_uuid: str) -> list[dict]:
    """The GM-owned seat store's records of a motor (by its actor UUID): [{actorUuid, seat, tokenId}]."""
    return page.evaluate("uuid => game.settings.get('the-smoke', 'seats')[uuid] ?? []", vehicle_uuid)


def notification(page: Page, text: str | re.Pattern) -> None:
    expect(page.locator("#notifications, .notifications").get_by_text(text).first).to_be_visible()


# Three maps of 2000 × 1000 px (grid 100) in a row: Mare Street ⇄ Morning Lane ⇄ Dalston. Each east strip is the
# column x 1900–2000, each west strip the column x 0–100, both the whole height. Dalston is not shown to players.
# Three maps drawn without padding (v13's default is a quarter: test_scene_area.py crosses a padded one), so the
# strips at x 0 and 1900 are the images' edges.
MAKE_MAP = """async () => {
    const mk = (name, extra) => Scene.create({name, width: 2000, height: 1000, padding: 0, grid: {size: 100}, ...extra});
    const mare = await mk("Mare Street", {active: true, ownership: {default: 1}});
    const morning = await mk("Morning Lane", {ownership: {default: 1}});
    const dalston = await mk("Dalston", {});
    const strip = async (scene, name, x) => (await scene.createEmbeddedDocuments("Region", [{name,
        shapes: [{type: "rectangle", x, y: 0, width: 100, height: 1000}]}]))[0];
    const mareE = await strip(mare, "Mare Street east", 1900);
    const morningW = await strip(morning, "Morning Lane west", 0);
    const morningE = await strip(morning, "Morning Lane east", 1900);
    const dalstonW = await strip(dalston, "Dalston west", 0);
    const link = (region, scene, to) => region.createEmbeddedDocuments("RegionBehavior", [{name: "EXIT",
        type: "the-smoke.exit", system: {toScene: scene.id, toStrip: to.uuid}}]);
    await link(mareE, morning, morningW); await link(morningW, mare, mareE);
    await link(morningE, dalston, dalstonW); await link(dalstonW, morning, morningE);
    return {mare: mare.id, morning: morning.id, dalston: dalston.id, mareE: mareE.uuid, morningW: morningW.uuid,
            morningE: morningE.uuid, dalstonW: dalstonW.uuid};
}"""


PLACE = """async ([sceneId, data]) => (await game.scenes.get(sceneId).createEmbeddedDocuments("Token", data)).map(t => t.id)"""


MOVE = """([sceneId, tokenId, x, y]) => game.scenes.get(sceneId).tokens.get(tokenId).move([{x, y}])"""


TOKENS_OF = """([sceneId, actorId]) => (game.scenes.get(sceneId)?.tokens.contents ?? []).filter(t => t.actorId === actorId)
    .map(t => ({id: t.id, x: t.x, y: t.y, rotation: t.rotation, hidden: t.hidden, arrived: t.flags['the-smoke']?.arrived ?? null}))"""


def tokens_of(page: Page, scene_id: str, actor_id: str) -> list[dict]:
    return page.evaluate(TOKENS_OF, [scene_id, actor_id])


def wait_tokens(page: Page, scene_id: str, actor_id: str, n: int) -> None:
    page.wait_for_function(f"a => ({TOKENS_OF})(a).length === {n}", arg=[scene_id, actor_id])


def crossed(page: Page, scene_id: str, actor_id: str, n: int = 1) -> None:
    """Wait until `n` tokens of the actor are on the scene and the GM's crossing is finished (record cleared)."""
    wait_tokens(page, scene_id, actor_id, n)
    page.wait_for_function("() => Object.keys(game.settings.get('the-smoke', 'crossings')).length === 0")


def character(page: Page, name: str, owner: str | None) -> str:
    return import_actor(page, "pregens", name, {"ownership": {owner: 3}} if owner else {})


def motor_with_driver_and_passenger(gm_page: Page, m: dict, motor_owners: dict) -> dict:
    """A Vexa Hatch on Mare Street with Danny (Player One) driving and Jaz (Player Two) as passenger 1."""
    car = import_actor(gm_page, "vehicles", "Vexa Hatch", {"ownership": {"default": 2, **motor_owners}})
    danny = character(gm_page, 'Danny "Tealeaf" Doyle', P1)
    jaz = character(gm_page, "Jaz Kaur", P2)
    [vt, dt, jt] = gm_page.evaluate(PLACE, [m["mare"], [
        {"name": "Vexa Hatch", "actorId": car, "actorLink": True, "x": 1500, "y": 500},
        {"name": "Danny", "actorId": danny, "actorLink": True, "x": 1400, "y": 500},
        {"name": "Jaz", "actorId": jaz, "actorLink": True, "x": 1400, "y": 600}]])
    gm_page.evaluate("""async ([car, danny, jaz, mod]) => {
        const { boardVehicle } = await smokeModule(mod);
        await boardVehicle(game.actors.get(car), game.actors.get(danny), {seat: "driver"});
        await boardVehicle(game.actors.get(car), game.actors.get(jaz), {seat: "passenger-1"});
    }""", [car, danny, jaz, VEHICLES_MODULE])
    return {"car": car, "danny": danny, "jaz": jaz, "vt": vt, "dt": dt, "jt": jt}


def observer(user_id: str | None = None) -> dict:
    """Ownership: players may see the motor (OBSERVER); `user_id` owns it."""
    return {"ownership": {"default": 2, **({user_id: 3} if user_id else {})}}
