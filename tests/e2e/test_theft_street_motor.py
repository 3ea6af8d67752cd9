"""A street motor nicked (README › Known gaps, closed; rulebook: Getting a motor › Theft and recovery; Fire, repairs and
selling up › The fence's offer). Street Control parks an event's motor as an **unlinked** token (its own copy of the
motor, documents/street/setup.mjs). Once a theft handed that copy to a player, its owner could write its Body and the
fence paid on it. Now the GM makes it a world motor of its own, linked to its token, before the keys change hands
(documents/vehicle/promote.mjs), so its condition is the GM's record like any motor's.

v13 facts these rest on, from sources we did not write (foundryvtt.com/api/v13): `TokenDocument#actor` is the world
actor when `actorLink` is true, else a synthetic actor built from the token's ActorDelta
(classes/foundry.documents.TokenDocument.html); an owner may update their own Actor (classes/foundry.documents.Actor.html,
`canUserModify`), which is why the fence reads the GM's record, never the sheet."""

from __future__ import annotations

import pytest
from helpers import SEED_DICE
from helpers.money import P1, ROOK, SCENE, T_ROOK, YARD, move, purse, seed, wait_at
from helpers.record import forge_then_ask
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.harness_only

VAN = "s => game.scenes.get(s).tokens.find(t => t.actor?.type === 'vehicle')?.id ?? null"
CONDITION = "/systems/the-smoke/module/documents/vehicle/condition.mjs"


def park_the_van(gm: Page) -> str:
    """Street event 12 as the GM runs it (the card's button): the Mister Ripple van parked on the scene; its token id."""
    gm.evaluate("game.system.api.requestGM('street.event', {roll: 12})")
    gm.locator("#chat-log .smoke-street-event").last.get_by_role("button", name="Park the Mister Ripple ice cream van here").click()
    gm.wait_for_function(VAN, arg=SCENE)
    return gm.evaluate(VAN, SCENE)


def test_a_nicked_street_motor_becomes_a_world_motor_and_the_fence_pays_on_the_gms_record(world, open_user_page,
                                                                                          page_errors):
    """Street event 12 parks the Mister Ripple ice cream van (Body 16, £7,000) as an unlinked token Player One can see. The GM's
    chase left it at Body 4 (the token's own copy). Rook nicks it from its sheet (Effort 5, Graft 3: the lock opens):
    the token now stands for a new world motor at Body 4 that Player One owns, its plate on record as stolen, the base
    actor untouched, and Player One's sheet is the new motor's. The attack: Player One writes Body 16 on it straight to
    the server as Rook sells it at Bow Breakers Yard — the fence pays on the GM's Body 4: £7,000 × 25 % ×
    (0.4 + 0.6 × 4/16) × 0.8 hot = £770, not the £1,400 a whole hot van would fetch."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    token = park_the_van(gm)
    base = gm.evaluate("([s, t]) => game.scenes.get(s).tokens.get(t).actorId", [SCENE, token])
    assert gm.evaluate("([s, t]) => game.scenes.get(s).tokens.get(t).actorLink", [SCENE, token]) is False
    # the van is there to be nicked: players see it (Limited), nobody but the GM owns it
    p1.wait_for_function("([s, t]) => game.scenes.get(s)?.tokens.get(t)?.actor?.testUserPermission(game.user, 'LIMITED')",
                         arg=[SCENE, token])
    gm.evaluate("""async ([s, t]) => { const { writeCondition } = await smokeModule('%s');
        await writeCondition(game.scenes.get(s).tokens.get(t).actor, {body: 4}); }""" % CONDITION, [SCENE, token])
    p1.wait_for_function("([s, t]) => game.scenes.get(s).tokens.get(t).actor.system.body.value === 4", arg=[SCENE, token])

    p1.evaluate("([s, t]) => game.scenes.get(s).tokens.get(t).actor.sheet.render({force: true})", [SCENE, token])
    sheet = p1.locator(f".application.sheet.vehicle[id$='{base}']")
    expect(sheet).to_be_visible()
    p1.evaluate(SEED_DICE, [(5, 6), (3, 4)])
    sheet.get_by_role("button", name="Nick it (Graft)").click(modifiers=["Shift"])
    expect(p1.locator("#chat-log .smoke-vehicle-card").last).to_contain_text("Player One now has Mister Ripple")
    gm.wait_for_function("([s, t, b]) => { const k = game.scenes.get(s).tokens.get(t); return k.actorLink && k.actorId !== b; }",
                         arg=[SCENE, token, base])
    van = gm.evaluate("([s, t]) => game.scenes.get(s).tokens.get(t).actorId", [SCENE, token])
    assert gm.evaluate("([v, u]) => game.actors.get(v).ownership[u]", [van, P1]) == 3
    assert gm.evaluate("([b, u]) => game.actors.get(b).ownership[u] ?? null", [base, P1]) is None
    assert gm.evaluate("""async v => (await smokeModule('%s')).conditionOf(game.actors.get(v)).body""" % CONDITION, van) == 4
    assert gm.evaluate("v => game.settings.get('the-smoke', 'plates')[`Actor.${v}`]?.stolen ?? null", van) is True
    assert gm.evaluate("b => game.actors.get(b).system.body.value", base) == 16
    expect(p1.locator(f".application.sheet.vehicle[id$='{van}']")).to_be_visible()
    expect(p1.locator(f".application.sheet.vehicle[id$='Actor-{base}']")).to_have_count(0)

    gm.evaluate("([s, t]) => game.scenes.get(s).tokens.get(t).update({x: 2200, y: 100})", [SCENE, token])
    move(gm, T_ROOK, 21)
    wait_at(p1, ROOK, "fence")
    sold = forge_then_ask(p1, [{"_id": van, "system": {"body": {"value": 16}}}], "fence.sell",
                          {"actorUuid": f"Actor.{ROOK}", "motorUuid": f"Actor.{van}", "regionUuid": YARD})
    assert sold.get("refused") is None, sold
    assert purse(gm)[0] == 40 + 770, f"the fence paid £{purse(gm)[0] - 40}, not £770 on the GM's Body 4"
    assert page_errors[gm] == [] and page_errors[p1] == []


def test_a_carjacked_street_motor_keeps_its_driver_in_the_seat_under_its_new_actor(world, open_user_page, page_errors):
    """An unlinked street van with a driver aboard (the GM's seat store, keyed by the token's synthetic actor). Rook
    carjacks it with Muscle (Effort 5, Muscle 3: it is his): the van is a world motor now, and its driver is still in
    the driver's seat of that motor — the seat store moved to the new actor's UUID and forgot the old one, and the
    driver's token, hidden on the van's square, names the new motor."""
    seed(world, actors=[{"_id": "DriverNpc0000001", "name": "Van Driver", "type": "npc", "ownership": {"default": 0}}])
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    token = park_the_van(gm)
    old = gm.evaluate("([s, t]) => game.scenes.get(s).tokens.get(t).actor.uuid", [SCENE, token])
    driver = gm.evaluate("""async s => (await game.scenes.get(s).createEmbeddedDocuments('Token', [{name: 'Van Driver',
        actorId: 'DriverNpc0000001', actorLink: true, x: 0, y: 800}]))[0].id""", SCENE)
    gm.evaluate("""([uuid, t]) => game.system.api.requestGM('vehicle.board', {vehicleUuid: uuid,
        actorUuid: 'Actor.DriverNpc0000001', seat: 'driver', tokenId: t})""", [old, driver])
    assert list(gm.evaluate("() => game.settings.get('the-smoke', 'seats')")) == [old]
    carried = "([s, t]) => game.scenes.get(s).tokens.get(t).flags['the-smoke']?.carried?.vehicle ?? null"
    gm.wait_for_function(f"([s, t, v]) => ({carried})([s, t]) === v", arg=[SCENE, driver, old])

    p1.wait_for_function("([s, t]) => !!game.scenes.get(s)?.tokens.get(t)?.actor", arg=[SCENE, token])
    p1.evaluate(SEED_DICE, [(5, 6), (3, 4)])
    got = p1.evaluate("""async ([s, t, rook]) => { const { rollTheft } = game.system.api.vehicles;
        const r = await rollTheft(game.scenes.get(s).tokens.get(t).actor, game.actors.get(rook),
          {carjacking: true, stat: 'mus', skipDialog: true});
        return {opens: r.result.opens, vehicleUuid: r.vehicleUuid}; }""", [SCENE, token, ROOK])
    assert got["opens"] is True
    van = gm.evaluate("([s, t]) => game.scenes.get(s).tokens.get(t).actor.uuid", [SCENE, token])
    assert got["vehicleUuid"] == van and van.startswith("Actor.") and van != old
    assert list(gm.evaluate("() => game.settings.get('the-smoke', 'seats')")) == [van]
    assert gm.evaluate(carried, [SCENE, driver]) == van, "the driver's hidden token names the motor it rides in"
    assert gm.evaluate("""async uuid => { const { occupantsOf } = await smokeModule('/systems/the-smoke/module/documents/vehicle/seats.mjs');
        return occupantsOf(fromUuidSync(uuid)).map(o => [o.seat.id ?? o.seat, o.actor.name]); }""", van) == [["driver", "Van Driver"]]
    assert page_errors[gm] == [] and page_errors[p1] == []
