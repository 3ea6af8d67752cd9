"""EXIT strips, what follows a crossing (rulebook: The chase gauge, getting away; Getting a motor › Seats): a chase
ends when every wanted driver leaves the map; an unlinked motor and rider keep their seats under their new token ids.
Set-up shared with test_exit_strips.py."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from helpers import (
    MAKE_MAP, MOVE, P1, PLACE, VEHICLES_MODULE, crossed, import_actor, motor_with_driver_and_passenger, seat_records, tokens_of,
)


def test_a_chase_ends_when_every_wanted_driver_leaves_the_map(gm_page: Page, player1_page: Page, page_errors):
    """A chase on Mare Street: the wanted Vexa Hatch (Danny driving) against a police area car. The motor crosses to
    Morning Lane: its combatant is out of the chase, and with nobody wanted left on the map the chase is over (the
    fight's flag and one line in chat); the police car stays behind."""
    m = gm_page.evaluate(MAKE_MAP)
    c = motor_with_driver_and_passenger(gm_page, m, {P1: 3})
    police = import_actor(gm_page, "vehicles", "Metro Police Area Car")
    [pt] = gm_page.evaluate(PLACE, [m["mare"], [{"name": "Area car", "actorId": police, "actorLink": True, "x": 500, "y": 500}]])
    fight = gm_page.evaluate("""async ([s, vt, car, pt, police]) => {
        const c = await Combat.implementation.create({scene: s, active: true});
        const [a, b] = await c.createEmbeddedDocuments("Combatant", [{actorId: car, tokenId: vt, sceneId: s},
            {actorId: police, tokenId: pt, sceneId: s}]);
        await c.startCombat();
        await game.system.api.requestGM("chase.role", {combatId: c.id, combatantId: a.id, role: "wanted"});
        await game.system.api.requestGM("chase.role", {combatId: c.id, combatantId: b.id, role: "pursuer"});
        return {id: c.id, car: a.id, police: b.id};
    }""", [m["mare"], c["vt"], c["car"], pt, police])
    gm_page.evaluate(MOVE, [m["mare"], c["vt"], 1900, 500])
    crossed(gm_page, m["morning"], c["car"])
    gm_page.wait_for_function("id => game.combats.get(id).getFlag('the-smoke', 'chaseOver') !== undefined", arg=fight["id"])
    state = gm_page.evaluate("""f => { const c = game.combats.get(f.id);
        return [c.getFlag('the-smoke', 'chaseOver'), c.system.sides[f.car]?.chaseRole, c.system.sides[f.police]?.chaseRole]; }""", fight)
    assert state == [1, "none", "pursuer"]
    expect(player1_page.locator(".smoke-street-map-chase-over")).to_have_text("The chase is over: everyone wanted has left Mare Street.")
    assert len(tokens_of(gm_page, m["mare"], police)) == 1
    assert page_errors[gm_page] == []


def test_an_unlinked_motor_and_rider_keep_their_seats_under_their_new_token_ids(gm_page: Page, page_errors):
    """Two unlinked tokens of one police car each have their own seats (keyed by the token's synthetic actor). One
    crosses with an unlinked officer aboard: the seat store's key and the officer's record name the new tokens; the
    other car's seats are untouched; the officer's own data (an ActorDelta) travels with the token."""
    m = gm_page.evaluate(MAKE_MAP)
    car = import_actor(gm_page, "vehicles", "Metro Police Area Car")
    cop = import_actor(gm_page, "street-people", "Metro Police Officer")
    [v1, v2, o1] = gm_page.evaluate(PLACE, [m["mare"], [
        {"name": "Car 1", "actorId": car, "actorLink": False, "x": 1500, "y": 500},
        {"name": "Car 2", "actorId": car, "actorLink": False, "x": 1500, "y": 800},
        {"name": "PC Hale", "actorId": cop, "actorLink": False, "x": 1400, "y": 500}]])
    key1, key2 = (f"Scene.{m['mare']}.Token.{v}.Actor.{car}" for v in (v1, v2))
    gm_page.evaluate("""async ([s, v1, o1, mod]) => { const { boardVehicle } = await smokeModule(mod);
        const scene = game.scenes.get(s);
        await scene.tokens.get(o1).actor.update({"system.health.value": 7});
        await boardVehicle(scene.tokens.get(v1).actor, scene.tokens.get(o1).actor, {seat: "driver"}); }""",
                     [m["mare"], v1, o1, VEHICLES_MODULE])
    assert [r["seat"] for r in seat_records(gm_page, key1)] == ["driver"] and seat_records(gm_page, key2) == []

    gm_page.evaluate("() => Hooks.once('smoke.crossed', r => { window.__crossed = r.uuids; })")
    gm_page.evaluate(MOVE, [m["mare"], v1, 1900, 500])
    crossed(gm_page, m["morning"], cop)
    [new_car] = tokens_of(gm_page, m["morning"], car)
    [new_cop] = tokens_of(gm_page, m["morning"], cop)
    new_key = f"Scene.{m['morning']}.Token.{new_car['id']}.Actor.{car}"
    assert seat_records(gm_page, key1) == []
    assert gm_page.evaluate("() => window.__crossed") == {
        key1: new_key, f"Scene.{m['mare']}.Token.{o1}.Actor.{cop}": f"Scene.{m['morning']}.Token.{new_cop['id']}.Actor.{cop}"}
    assert seat_records(gm_page, new_key) == [{"actorUuid": f"Scene.{m['morning']}.Token.{new_cop['id']}.Actor.{cop}",
                                               "seat": "driver", "tokenId": new_cop["id"]}]
    assert gm_page.evaluate("""([s, t]) => { const d = game.scenes.get(s).tokens.get(t);
        return [d.actor.system.health.value, d.flags['the-smoke'].carried.vehicle]; }""", [m["morning"], new_cop["id"]]) == [7, new_key]
    assert gm_page.evaluate("k => game.system.api.vehicles.driverOf(fromUuidSync(k))?.name", new_key) == "Metro Police Officer"
    assert len(tokens_of(gm_page, m["mare"], car)) == 1  # car 2 stays
    assert page_errors[gm_page] == []
