"""A motor on the map as an unlinked token, nicked (README › Known gaps; rulebook: Getting a motor › Theft and
recovery; Fire, repairs and selling up › The fence's offer). A motor the GM drags onto a scene from an actor whose
token is not linked is the token's own copy (its ActorDelta), whose Body, Fuel and condition no GM record follows.
Once a theft handed that copy to a player, its owner could write them and the fence paid on them. Now the GM makes it
a world motor of its own, linked to its token, before the keys change hands (documents/vehicle/promote.mjs), so its
condition is the GM's record like any motor's; the actor its copies are made from cannot be nicked (its copies would
follow it), a copy a player owns is not priced, and a street event parks its van as a motor of its own.

v13 facts these rest on, from sources we did not write (foundryvtt.com/api/v13): `TokenDocument#actor` is the world
actor when `actorLink` is true, else a synthetic actor built from the token's ActorDelta
(classes/foundry.documents.TokenDocument.html); an owner may update their own Actor (classes/foundry.documents.Actor.html,
`canUserModify`), which is why the fence reads the GM's record, never the sheet."""

from __future__ import annotations

import pytest
from helpers import SEED_DICE, import_actor
from helpers.money import P1, ROOK, SCENE, T_ROOK, YARD, move, purse, seed, wait_at
from helpers.record import forge_then_ask
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.harness_only

CONDITION = "/systems/the-smoke/module/documents/vehicle/condition.mjs"
VAN_NAME = "Mister Ripple Ice Cream Van"
NICK = """async ([motor, rook, options]) => { try {
    const r = await game.system.api.vehicles.rollTheft(fromUuidSync(motor), game.actors.get(rook),
      {skipDialog: true, ...options});
    return {opens: r.result.opens, vehicleUuid: r.vehicleUuid}; } catch (e) { return {refused: e.message}; } }"""


def dragged_van(gm: Page, x: int = 1000, y: int = 800) -> tuple[str, str]:
    """The GM drags the Mister Ripple van onto the scene as an unlinked token (Foundry's default for a motor's token),
    its actor one players may see (Limited); returns (the world actor's id, the token's id)."""
    base = import_actor(gm, "vehicles", VAN_NAME, {"ownership": {"default": 1}})
    token = gm.evaluate("""async ([s, a, x, y]) => (await game.scenes.get(s).createEmbeddedDocuments('Token',
        [{name: 'Mister Ripple', actorId: a, actorLink: false, x, y}]))[0].id""", [SCENE, base, x, y])
    return base, token


def test_a_nicked_street_motor_becomes_a_world_motor_and_the_fence_pays_on_the_gms_record(world, open_user_page,
                                                                                          page_errors):
    """The Mister Ripple van (Body 16, £7,000) stands on the map as an unlinked token; the GM's chase left it at Body 4
    (the token's own copy). Nicking the actor it is copied from is refused (the copies would follow it). Rook nicks the
    van on the map from its sheet (Effort 5, Graft 3: the lock opens): the token now stands for a new world motor at
    Body 4 that Player One owns, its plate on record as stolen, the base actor untouched, and Player One's sheet is the
    new motor's. The attack: Player One writes Body 16 on it straight to the server as Rook sells it at Bow Breakers
    Yard — the fence pays on the GM's Body 4: £7,000 × 25 % × (0.4 + 0.6 × 4/16) × 0.8 hot = £770, not the £1,400 a
    whole hot van would fetch."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    base, token = dragged_van(gm)
    copy = f"Scene.{SCENE}.Token.{token}.Actor.{base}"
    p1.wait_for_function("u => fromUuidSync(u)?.testUserPermission(game.user, 'LIMITED')", arg=copy)
    gm.evaluate("""async u => { const { writeCondition } = await smokeModule('%s');
        await writeCondition(fromUuidSync(u), {body: 4}); }""" % CONDITION, copy)
    p1.wait_for_function("u => fromUuidSync(u).system.body.value === 4", arg=copy)

    p1.evaluate(SEED_DICE, [(5, 6), (3, 4)])
    refused = p1.evaluate(NICK, [f"Actor.{base}", ROOK, {"toolId": ""}])
    assert refused == {"refused": f"{VAN_NAME} is the record its copies on the map are made from: nick the one on the map."}

    p1.evaluate("u => fromUuidSync(u).sheet.render({force: true})", copy)
    sheet = p1.locator(f".application.sheet.vehicle[id$='{base}']")
    expect(sheet).to_be_visible()
    sheet.get_by_role("button", name="Nick it (Graft)").click(modifiers=["Shift"])
    expect(p1.locator("#chat-log .smoke-vehicle-card").last).to_contain_text(f"Player One now has {VAN_NAME}")
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


def test_a_token_copy_a_player_owns_is_neither_priced_nor_handed_on(world, open_user_page, page_errors):
    """The GM hands Player One a dragged van's token copy by hand (its ownership on the token), and Player One writes
    its Body up from 4 to 16. The fence refuses to price that copy (its numbers are not the GM's record), and Player
    Two's character cannot nick it from Player One to have it made a world motor from the written numbers."""
    seed(world, actors=[{"_id": "FemiActor0000001", "name": "Femi", "type": "character",
                         "ownership": {"default": 0, "HarnessPlayer002": 3}}])
    gm, p1, p2 = open_user_page("gm"), open_user_page("player1"), open_user_page("player2")
    base, token = dragged_van(gm, x=2200, y=100)
    copy = f"Scene.{SCENE}.Token.{token}.Actor.{base}"
    gm.evaluate("""async ([u, p]) => { const { writeCondition } = await smokeModule('%s');
        await writeCondition(fromUuidSync(u), {body: 4}); await fromUuidSync(u).update({[`ownership.${p}`]: 3}); }""" % CONDITION,
                [copy, P1])
    p1.wait_for_function("u => fromUuidSync(u)?.isOwner", arg=copy)
    p1.evaluate("u => fromUuidSync(u).update({'system.body.value': 16})", copy)
    move(gm, T_ROOK, 21)
    wait_at(p1, ROOK, "fence")
    sold = forge_then_ask(p1, [], "fence.sell", {"actorUuid": f"Actor.{ROOK}", "motorUuid": copy, "regionUuid": YARD})
    assert sold == {"refused": f"{VAN_NAME} is a token's own copy of a motor, whose Body and Fuel are not the GM's record: "
                               "the GM gives it an actor of its own (link it) first."}
    assert purse(gm)[0] == 40
    p2.evaluate(SEED_DICE, [(5, 6), (3, 4)])
    got = p2.evaluate(NICK, [copy, "FemiActor0000001", {"toolId": ""}])
    assert got == {"refused": f"{VAN_NAME} is not a motor the GM put there (or a player owns its copy already): "
                              "the GM has to sort it out."}
    assert gm.evaluate("b => game.actors.filter(a => a.name === '%s').length" % VAN_NAME, base) == 1
    assert page_errors[gm] == [] and page_errors[p1] == [] and page_errors[p2] == []


def test_a_carjacked_street_motor_keeps_its_driver_in_the_seat_under_its_new_actor(world, open_user_page, page_errors):
    """A dragged van with a driver aboard (the GM's seat store, keyed by the token's synthetic actor). Rook carjacks it
    with Muscle (Effort 5, Muscle 3: it is his): the van is a world motor now, and its driver is still in the driver's
    seat of that motor — the seat store moved to the new actor's UUID and forgot the old one, and the driver's token,
    hidden on the van's square, names the new motor."""
    seed(world, actors=[{"_id": "DriverNpc0000001", "name": "Van Driver", "type": "npc", "ownership": {"default": 0}}])
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    base, token = dragged_van(gm)
    old = f"Scene.{SCENE}.Token.{token}.Actor.{base}"
    driver = gm.evaluate("""async s => (await game.scenes.get(s).createEmbeddedDocuments('Token', [{name: 'Van Driver',
        actorId: 'DriverNpc0000001', actorLink: true, x: 0, y: 800}]))[0].id""", SCENE)
    gm.evaluate("""([uuid, t]) => game.system.api.requestGM('vehicle.board', {vehicleUuid: uuid,
        actorUuid: 'Actor.DriverNpc0000001', seat: 'driver', tokenId: t})""", [old, driver])
    assert list(gm.evaluate("() => game.settings.get('the-smoke', 'seats')")) == [old]
    carried = "([s, t]) => game.scenes.get(s).tokens.get(t).flags['the-smoke']?.carried?.vehicle ?? null"
    gm.wait_for_function(f"([s, t, v]) => ({carried})([s, t]) === v", arg=[SCENE, driver, old])

    p1.wait_for_function("u => !!fromUuidSync(u)", arg=old)
    p1.evaluate(SEED_DICE, [(5, 6), (3, 4)])
    got = p1.evaluate(NICK, [old, ROOK, {"carjacking": True, "stat": "mus"}])
    assert got.get("opens") is True, got
    van = gm.evaluate("([s, t]) => game.scenes.get(s).tokens.get(t).actor.uuid", [SCENE, token])
    assert got["vehicleUuid"] == van and van.startswith("Actor.") and van != old
    assert list(gm.evaluate("() => game.settings.get('the-smoke', 'seats')")) == [van]
    assert gm.evaluate(carried, [SCENE, driver]) == van, "the driver's hidden token names the motor it rides in"
    assert gm.evaluate("""async uuid => { const { occupantsOf } = await smokeModule('/systems/the-smoke/module/documents/vehicle/seats.mjs');
        return occupantsOf(fromUuidSync(uuid)).map(o => [o.seat.id ?? o.seat, o.actor.name]); }""", van) == [["driver", "Van Driver"]]
    assert page_errors[gm] == [] and page_errors[p1] == []


def test_a_street_events_van_is_parked_as_a_motor_of_its_own(world, open_user_page, page_errors):
    """Street event 12 parks the Mister Ripple van: its token is linked to a world actor of its own that players may
    see, so nicking it hands over that motor, whose Body is the GM's record from the start."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    gm.evaluate("game.system.api.requestGM('street.event', {roll: 12})")
    gm.locator("#chat-log .smoke-street-event").last.get_by_role("button", name="Park the Mister Ripple ice cream van here").click()
    vans = "s => game.scenes.get(s).tokens.filter(t => t.actor?.type === 'vehicle').map(t => [t.actorLink, t.actorId])"
    gm.wait_for_function(f"s => ({vans})(s).length === 1", arg=SCENE)
    [[linked, van]] = gm.evaluate(vans, SCENE)
    assert linked is True
    p1.wait_for_function("v => game.actors.get(v)?.testUserPermission(game.user, 'LIMITED')", arg=van)
    p1.evaluate(SEED_DICE, [(5, 6), (3, 4)])
    got = p1.evaluate(NICK, [f"Actor.{van}", ROOK, {"toolId": ""}])
    assert got == {"opens": True, "vehicleUuid": f"Actor.{van}"}
    assert gm.evaluate("([v, u]) => game.actors.get(v).ownership[u]", [van, P1]) == 3
    assert page_errors[gm] == [] and page_errors[p1] == []
