"""Fuel and the Jerry Can in the browser (issue 28; rulebook: Motors — each motor's Fuel; Getting a motor; Tools & gear
› Jerry Can, "Five litres. Refuels a vehicle, or makes three Petrol Bombs with some milk bottles"; the rate of use is
the build's ruling, docs/guide/13-rulings.md: one Fuel a street-map hop).

A motor's Fuel is the GM's record: a driven crossing of an EXIT strip uses one, a motor with none is refused the next
map and the chase's driving, a Jerry Can fills it; the attacks beside each.

v13 facts these rest on, from sources we did not write: an owner may update their own Actor and create Items on it
(foundryvtt.com/api/v13 Actor: `canUserModify` is the owner's, and an embedded document's is its parent's), which is
why the Fuel the GM acts on is its own record and the can it counts is on the GM's record of the kit."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from helpers import settle
from helpers import MAKE_MAP, MOVE, add_from_pack, crossed, import_actor, motor_with_driver_and_passenger, notification, tokens_of
from helpers.record import forge
from helpers.rolls import ask

P1 = "HarnessPlayer001"
UNITS = "/systems/the-smoke/module/documents/chase/units.mjs"


def fuel(page: Page, actor: str) -> list:
    """[the GM's record, the sheet] of a motor's Fuel left."""
    return page.evaluate("""id => [game.system.api.vehicles.fuelOf(game.actors.get(id)).value,
        game.actors.get(id).system.fuel.value]""", actor)


def recorded(page: Page, actor: str, item: str) -> None:
    page.wait_for_function("([a, i]) => !!game.actors.get(a)?.items.get(i) && !!game.settings.get('the-smoke', 'kit')[`Actor.${a}`]?.[i]",
                           arg=[actor, item])


def test_a_driven_motor_uses_a_fuel_a_hop_stops_when_dry_and_a_jerry_can_fills_it(gm_page: Page, player1_page: Page,
                                                                                     page_errors):
    """Danny drives Player One's Vexa Hatch (Fuel 10) with Jaz aboard. The GM leaves it 1 Fuel; crossing from Mare
    Street to Morning Lane uses it: 0. Back into the strip, the crossing is refused in words and the chase would
    refuse its driving. Player One writes the Fuel back to 10 straight to the server: the GM's record stays 0, the
    crossing is still refused and the GM puts the sheet back. The Jerry Can the GM gave Danny, poured in from the motor's
    sheet, fills it to 10 and is used up; the crossing goes and uses one: 9."""
    m = gm_page.evaluate(MAKE_MAP)
    c = motor_with_driver_and_passenger(gm_page, m, {P1: 3})
    car = c["car"]
    assert fuel(gm_page, car) == [10, 10]
    gm_page.evaluate("id => game.actors.get(id).update({'system.fuel.value': 1})", car)
    player1_page.wait_for_function("([s, t]) => !!game.scenes.get(s)?.tokens.get(t)", arg=[m["mare"], c["vt"]])
    player1_page.wait_for_function("id => game.system.api.vehicles.fuelOf(game.actors.get(id)).value === 1", arg=car)

    player1_page.evaluate(MOVE, [m["mare"], c["vt"], 1900, 500])
    crossed(gm_page, m["morning"], car)
    # The GM's record changes first; the sheet mirrors it by a second write (documents/core/mirror.mjs): wait for both.
    gm_page.wait_for_function("""id => game.system.api.vehicles.fuelOf(game.actors.get(id)).value === 0
        && game.actors.get(id).system.fuel.value === 0""", arg=car)
    assert fuel(gm_page, car) == [0, 0]

    [motor] = tokens_of(gm_page, m["morning"], car)
    player1_page.wait_for_function("([s, t]) => !!game.scenes.get(s)?.tokens.get(t)", arg=[m["morning"], motor["id"]])
    player1_page.evaluate(MOVE, [m["morning"], motor["id"], 500, 500])
    gm_page.wait_for_function("([s, t]) => game.scenes.get(s).tokens.get(t).x === 500", arg=[m["morning"], motor["id"]])
    dry = "Vexa Hatch has no fuel left for the next map: refuel it (a Jerry Can) first."
    player1_page.evaluate(MOVE, [m["morning"], motor["id"], 0, 500])
    notification(player1_page, dry)
    settle(gm_page)
    assert tokens_of(gm_page, m["mare"], car) == [] and len(tokens_of(gm_page, m["morning"], car)) == 1
    status = player1_page.evaluate(f"""async id => (await smokeModule("{UNITS}")).driveStatus(game.actors.get(id))""", car)
    assert status == {"ok": False, "message": "Vexa Hatch is out of fuel: it cannot be driven until someone refuels it (a Jerry Can)."}

    # The attack: the owner writes a full tank past their own client.
    forge(player1_page, "Actor", [{"_id": car, "system.fuel.value": 10}])
    assert ask(player1_page, "streetMap.cross", {"tokenUuid": f"Scene.{m['morning']}.Token.{motor['id']}"}) == {"refused": dry}
    gm_page.wait_for_function("id => game.actors.get(id).system.fuel.value === 0", arg=car)
    assert fuel(gm_page, car) == [0, 0]

    can = add_from_pack(gm_page, c["danny"], "gear", "Jerry Can")
    recorded(player1_page, c["danny"], can)
    player1_page.evaluate("id => game.user.update({character: id})", c["danny"])
    player1_page.evaluate("id => game.actors.get(id).sheet.render({force: true})", car)
    sheet = player1_page.locator(f".application.sheet.vehicle[id$='{car}']")
    expect(sheet.get_by_role("spinbutton", name="Fuel")).to_be_disabled()
    sheet.get_by_role("button", name="Refuel (Jerry Can)").click()
    expect(player1_page.locator("#chat-log .smoke-vehicle-card").last).to_contain_text(
        'Danny "Tealeaf" Doyle pours the Jerry Can into Vexa Hatch: Fuel 10/10.')
    gm_page.wait_for_function("id => game.system.api.vehicles.fuelOf(game.actors.get(id)).value === 10", arg=car)
    gm_page.wait_for_function("([a, i]) => !game.actors.get(a).items.get(i)", arg=[c["danny"], can])
    assert ask(player1_page, "vehicle.refuel", {"vehicleUuid": f"Actor.{car}", "actorUuid": f"Actor.{c['danny']}"}) == \
        {"refused": 'Danny "Tealeaf" Doyle has no Jerry Can on the GM\'s record.'}

    player1_page.evaluate(MOVE, [m["morning"], motor["id"], 500, 500])
    gm_page.wait_for_function("([s, t]) => game.scenes.get(s).tokens.get(t)?.x === 500", arg=[m["morning"], motor["id"]])
    player1_page.evaluate(MOVE, [m["morning"], motor["id"], 0, 500])
    crossed(gm_page, m["mare"], car)
    gm_page.wait_for_function("id => game.system.api.vehicles.fuelOf(game.actors.get(id)).value === 9", arg=car)
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_a_jerry_can_makes_three_petrol_bombs_and_a_forged_can_does_nothing(gm_page: Page, player1_page: Page, page_errors):
    """Danny's Jerry Can (the GM's) made into Petrol Bombs from his sheet: three Petrol Bombs on the GM's record, the can
    used up. A Jerry Can his player makes on him straight on the server refuels nothing and makes nothing; a pedal bike
    takes no fuel; a full tank keeps the can."""
    danny = import_actor(gm_page, "pregens", 'Danny "Tealeaf" Doyle', {"ownership": {P1: 3}})
    bmx = import_actor(gm_page, "vehicles", "Grit Kid BMX", {"ownership": {"default": 2}})
    hatch = import_actor(gm_page, "vehicles", "Vexa Hatch", {"ownership": {"default": 2}})
    can = add_from_pack(gm_page, danny, "gear", "Jerry Can")
    recorded(player1_page, danny, can)
    player1_page.evaluate("id => game.actors.get(id).sheet.render({force: true})", danny)
    sheet = player1_page.locator(".application.sheet.actor")
    sheet.get_by_role("button", name="Make the Jerry Can into what it makes").click()
    expect(player1_page.locator("#chat-log .smoke-vehicle-card").last).to_contain_text(
        'Danny "Tealeaf" Doyle makes the Jerry Can into 3 × Petrol Bomb (with some milk bottles).')
    gm_page.wait_for_function("([a, i]) => !game.actors.get(a).items.get(i)", arg=[danny, can])
    bombs = gm_page.evaluate("""id => Object.values(game.settings.get('the-smoke', 'kit')[`Actor.${id}`])
        .filter(e => e.key === 'weapons/petrol-bomb').map(e => e.system.quantity)""", danny)
    assert bombs == [3]

    forged = player1_page.evaluate("""async id => {
        const p = game.packs.get('the-smoke.gear');
        const entry = (await p.getIndex()).contents.find(e => e.name === 'Jerry Can');
        const data = (await p.getDocument(entry._id)).toObject();
        data._id = foundry.utils.randomID(16);
        await game.harness.socket.request('modifyDocument', {documentName: 'Item', operation: 'create',
            parentUuid: `Actor.${id}`, data: [data], options: {keepId: true}});
        return data._id;
    }""", danny)
    refuel = {"vehicleUuid": f"Actor.{hatch}", "actorUuid": f"Actor.{danny}"}
    assert ask(player1_page, "vehicle.refuel", refuel) == {"refused": 'Danny "Tealeaf" Doyle has no Jerry Can on the GM\'s record.'}
    assert ask(player1_page, "vehicle.jerryCan.make", {"actorUuid": f"Actor.{danny}", "itemId": forged}) == \
        {"refused": 'That item is not on the GM\'s record of Danny "Tealeaf" Doyle\'s kit.'}
    gm_page.wait_for_function("([a, i]) => !game.actors.get(a).items.get(i)", arg=[danny, forged])

    real = add_from_pack(gm_page, danny, "gear", "Jerry Can")
    recorded(player1_page, danny, real)
    assert ask(player1_page, "vehicle.refuel", {**refuel, "vehicleUuid": f"Actor.{bmx}"}) == \
        {"refused": "Grit Kid BMX runs on pedal power: it takes no fuel."}
    assert ask(player1_page, "vehicle.refuel", refuel) == {"refused": "Vexa Hatch is full: the can is kept."}
    assert gm_page.evaluate("([a, i]) => !!game.actors.get(a).items.get(i)", [danny, real])
    for page in (gm_page, player1_page):
        assert page_errors[page] == []
