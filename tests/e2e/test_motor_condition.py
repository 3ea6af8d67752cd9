"""A motor's condition is the GM's record, as a character's current Health is (the team brief: "the fence pays for what
the sheet says"; rulebook: Getting a motor › Vehicles have their own record, "Body is the vehicle's Health"; The chase
gauge › Tyres and damage; Fire, repairs and selling up › Repairs, Garage work, The fence's offer). Its Body, flat
tyres, the roadside patch's "once", its temporary defences and the fire's clock mirror the GM store
``motorCondition`` (documents/vehicle/condition.mjs): the owner of a motor — their own, or one they nicked — may
write their own Actor, so their edit is stripped on their client with a notice, a forged write is put back by the
active GM, the GM's own edits are the record, and a world from before the record is adopted with the condition its
motors had. The fence's offer, the garage's quote and the roadside patch read the record, never the sheet: each
attack below forges the sheet and asks in the same breath, before the GM can put it back.

v13 facts relied on (sources we did not write): an owner may update their own Actor (fvtt-types
``src/foundry/common/documents/actor.d.mts``: permission ``update`` is OWNER), so a write can always be forged;
``preUpdateActor`` fires only on the requesting client and may change the request
(https://foundryvtt.com/api/functions/hookEvents.preUpdateDocument.html); ``updateActor`` fires on every client with
the requesting user's id (https://foundryvtt.com/api/functions/hookEvents.updateDocument.html); world settings reach
every client and only a GM may write one (SETTINGS_MODIFY), which is where the GM stores live.
"""

from __future__ import annotations

import pytest
from helpers import import_actor
from helpers.money import GARAGE, P1, ROOK, SCENE, T_CAR, T_ROOK, YARD, move, park, purse, seed, wait_at
from helpers.record import readopt_after_reload, forge, notices
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.harness_only

NOTICE = ("A motor's condition (Body, flat tyres, the roadside patch, evasive and other defences, the fire's clock) is "
          "the GM's record")
OLD_CAR = "OldHatchActor001"

FORGE_THEN_ASK = """async ([rows, kind, data]) => {
    await game.harness.socket.request('modifyDocument', {documentName: 'Actor', operation: 'update', parentUuid: null,
        options: {}, updates: rows});
    try { await game.system.api.requestGM(kind, data); return null; } catch (e) { return e.message; } }"""


def forge_then_ask(page: Page, rows: list, kind: str, data: dict) -> str | None:
    """A write forged straight to the server (past the player's own client) and, at once, a request to the GM that
    reads what was forged: null when the request ran, else the GM's refusal."""
    return page.evaluate(FORGE_THEN_ASK, [rows, kind, data])


def condition(page: Page, motor: str) -> dict:
    """The GM's record of a motor's condition, as this page reads it (documents/vehicle/condition.mjs conditionOf)."""
    return page.evaluate("id => game.system.api.vehicles.conditionOf(game.actors.get(id))", motor)


def sheet_state(page: Page, motor: str) -> list:
    """[Body, its max, flat tyres, the patch used] as the motor's stored data (the sheet) holds them."""
    return page.evaluate("""id => { const s = game.actors.get(id)._source.system;
        return [s.body.value, s.body.max, s.tyres.flat, s.patched]; }""", motor)


def recorded(page: Page, motor: str, values: dict) -> None:
    """Until the GM store (the world setting, as the server holds it) records these paths of the motor."""
    page.wait_for_function("""([id, v]) => { const r = game.settings.get('the-smoke', 'motorCondition')[`Actor.${id}`];
        return !!r && Object.entries(v).every(([p, x]) => r[p] === x); }""", arg=[motor, values])


def vehicle_sheet(page: Page, motor: str):
    page.evaluate("id => game.actors.get(id).sheet.render({force: true})", motor)
    sheet = page.locator(f".application.sheet.vehicle[id$='{motor}']")
    expect(sheet).to_be_visible()
    return sheet


def _nicked_hatch(gm: Page, x: int) -> str:
    """A Vexa Hatch (£6,000 catalogue value, Body 10) on the map at x, Player One's (as a theft hands it over)."""
    return gm.evaluate(f"""async () => {{ const p = game.packs.get('the-smoke.vehicles');
        const e = (await p.getIndex()).contents.find(x => x.name === 'Vexa Hatch');
        const data = game.actors.fromCompendium(await p.getDocument(e._id));
        const car = await Actor.implementation.create({{...data, ownership: {{default: 0, '{P1}': 3}}}});
        await game.scenes.get('{SCENE}').createEmbeddedDocuments('Token', [{{_id: '{T_CAR}', name: 'Vexa Hatch',
          actorId: car.id, actorLink: true, x: {x}, y: 100}}]);
        return car.id; }}""")


def test_a_motor_sells_for_the_body_the_gm_recorded_not_the_body_its_owner_wrote(world, open_user_page, page_errors):
    """The fence's offer: Player One's nicked £6,000 Vexa Hatch is at 5 of 10 Body on the GM's record. Their own edit
    of its Body to 10 (and of its maximum to 5) is stripped with a notice. Then they write the same straight to the
    server and sell it to Bow Breakers in the same breath: the offer is the formula on the recorded Body, 6000 × 25 % ×
    (0.4 + 0.6 × ½) = £1,050, not the £1,500 of a whole car, and the GM's record still says 5 of 10."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    car = _nicked_hatch(gm, 2100)
    gm.evaluate("id => game.actors.get(id).update({'system.body.value': 5})", car)
    recorded(gm, car, {"system.body.value": 5, "system.body.max": 10})
    p1.wait_for_function("id => game.actors.get(id)?.system.body.value === 5", arg=car)
    assert condition(p1, car)["body"] == 5

    p1.evaluate("id => game.actors.get(id).update({'system.body.value': 10, 'system.body.max': 5})", car)
    expect(p1.locator("#notifications")).to_contain_text(NOTICE)
    assert sheet_state(gm, car)[:2] == [5, 10] and sheet_state(p1, car)[:2] == [5, 10]

    move(gm, T_ROOK, 21)
    wait_at(p1, ROOK, "fence")
    sold = forge_then_ask(p1, [{"_id": car, "system": {"body": {"value": 10, "max": 5}}}], "fence.sell",
                          {"actorUuid": f"Actor.{ROOK}", "motorUuid": f"Actor.{car}", "regionUuid": YARD})
    assert sold is None
    assert purse(gm)[0] == 40 + 1050, f"the fence paid £{purse(gm)[0] - 40} for a car at 5 of 10 Body"
    recorded(gm, car, {"system.body.value": 5, "system.body.max": 10})
    gm.wait_for_function("id => { const b = game.actors.get(id)._source.system.body; return b.value === 5 && b.max === 10; }",
                         arg=car)
    assert page_errors[gm] == []


def test_body_typed_back_up_and_a_mended_flat_are_put_back_and_the_garage_charges_for_them(world, open_user_page,
                                                                                            page_errors):
    """Garage work: Player One's Hatch is at 6 of 10 Body with a flat tyre on the GM's record. Their own edit to full
    Body and no flat is stripped with a notice; the same written straight to the server is put back by the GM, on every
    client. At Mare Street Motors (the GM's £12 a Body), forged whole again as they ask for the work, the garage still
    charges for what the record says is missing: (4 + a flat's 6) × £12 = £120, and the car comes back whole."""
    seed(world, rook={"cash": {"pocket": 200, "stash": 0}})
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    car = gm.evaluate(f"""async () => (await Actor.implementation.create({{name: 'Hatch', type: 'vehicle',
        ownership: {{default: 0, '{P1}': 3}}, system: {{body: {{value: 6, max: 10}}, tyres: {{flat: 1}}}}}})).id""")
    recorded(gm, car, {"system.body.value": 6, "system.tyres.flat": 1})
    p1.wait_for_function("id => game.actors.get(id)?.system.tyres.flat === 1", arg=car)

    p1.evaluate("id => game.actors.get(id).update({'system.body.value': 10, 'system.tyres.flat': 0})", car)
    expect(p1.locator("#notifications")).to_contain_text(NOTICE)
    assert sheet_state(gm, car)[:3] == [6, 10, 1]

    forge(p1, "Actor", [{"_id": car, "system": {"body": {"value": 10}, "tyres": {"flat": 0}}}])
    gm.wait_for_function("id => { const s = game.actors.get(id)._source.system; return s.body.value === 6 && s.tyres.flat === 1; }",
                         arg=car)
    p1.wait_for_function("id => { const s = game.actors.get(id).system; return s.body.value === 6 && s.tyres.flat === 1; }",
                         arg=car)
    assert condition(gm, car)["body"] == 6 and condition(gm, car)["flatTyres"] == 1

    move(gm, T_ROOK, 36)
    wait_at(p1, ROOK, "garage")
    park(gm, car, 36)
    p1.wait_for_function("([s, id]) => game.scenes.get(s).tokens.some(t => t.actorId === id)", arg=[SCENE, car])
    paid = forge_then_ask(p1, [{"_id": car, "system": {"body": {"value": 10}, "tyres": {"flat": 0}}}], "service.garage",
                          {"actorUuid": f"Actor.{ROOK}", "motorUuid": f"Actor.{car}", "regionUuid": GARAGE})
    assert paid is None, paid
    assert purse(gm) == [80, 0]
    recorded(gm, car, {"system.body.value": 10, "system.tyres.flat": 0, "system.patched": False})
    gm.wait_for_function("""id => { const s = game.actors.get(id)._source.system;
        return s.body.value === 10 && s.tyres.flat === 0; }""", arg=car)
    assert page_errors[gm] == []


def test_the_roadside_patch_stays_used_and_the_gms_own_edits_are_the_record(gm_page: Page, player1_page: Page, page_errors):
    """Repairs' "once until a garage works on the motor": the GM marks Player One's Hatch patched and at 4 Body on its
    sheet — the GM's edits are the record, and Player One's sheet shows them with the fields closed to them. Player
    One unticks the patch (and fills the Body) straight on the server and asks for another patch at once: refused,
    the patch is used; the GM puts the sheet back. The GM unticks it on the sheet: now the patch is theirs to try."""
    car = import_actor(gm_page, "vehicles", "Vexa Hatch", {"ownership": {P1: 3}})
    danny = import_actor(gm_page, "pregens", 'Danny "Tealeaf" Doyle', {"ownership": {P1: 3}})
    sheet = vehicle_sheet(gm_page, car)
    body = sheet.locator("input[name='system.body.value']")
    body.fill("4")
    body.press("Tab")
    sheet.get_by_label("Roadside patch used").check()
    recorded(gm_page, car, {"system.body.value": 4, "system.patched": True})
    player1_page.wait_for_function("id => { const s = game.actors.get(id)?.system; return s?.body.value === 4 && s.patched; }",
                                   arg=car)
    mine = vehicle_sheet(player1_page, car)
    expect(mine.locator("input[name='system.body.value']")).to_be_disabled()
    expect(mine.get_by_label("Roadside patch used")).to_be_disabled()
    expect(mine.get_by_label("Flat tyres")).to_be_disabled()

    patch = {"vehicleUuid": f"Actor.{car}", "repairerUuid": f"Actor.{danny}", "kind": "patchUp"}
    refused = forge_then_ask(player1_page, [{"_id": car, "system": {"patched": False, "body": {"value": 9}}}],
                             "vehicle.repair.issue", patch)
    assert refused == "Vexa Hatch has had its roadside patch: the next needs a garage first."
    gm_page.wait_for_function("id => { const s = game.actors.get(id)._source.system; return s.patched && s.body.value === 4; }",
                              arg=car)
    player1_page.wait_for_function("id => game.actors.get(id).system.patched === true", arg=car)

    sheet.get_by_label("Roadside patch used").uncheck()
    recorded(gm_page, car, {"system.body.value": 4, "system.patched": False})
    player1_page.wait_for_function("id => game.system.api.vehicles.conditionOf(game.actors.get(id)).patched === false", arg=car)
    assert player1_page.evaluate("""async d => { try { return (await game.system.api.requestGM('vehicle.repair.issue', d)).band; }
        catch (e) { return e.message; } }""", patch) == "hard"
    assert NOTICE not in notices(player1_page)  # nothing of theirs was stripped: they never typed into the closed fields
    assert page_errors[gm_page] == []


def test_motors_from_before_the_record_are_adopted_with_the_condition_they_had(world, open_user_page, page_errors):
    """Migration: Player One's Old Hatch was in the world before this record (seeded while no GM was connected) at 4 of
    10 Body, two flat tyres, the patch used and +1 other defence. The first active GM adopts it as it stands — not from
    nothing (Body 1 of 1, no flats) — and marks the record adopted. A world that was adopted before this record existed
    (its marker and store as an older version left them) is adopted once more, as it stands, when the GM loads. After
    that a forged full Body is put back to 4."""
    world.seed(actors=[{"_id": OLD_CAR, "name": "Old Hatch", "type": "vehicle", "ownership": {"default": 0, P1: 3},
                        "system": {"body": {"value": 4, "max": 10}, "tyres": {"flat": 2}, "patched": True,
                                   "defences": {"bonus": 1}}}])
    gm = open_user_page("gm")
    gm.wait_for_function("() => !!game.settings.get('the-smoke', 'recordAdoption').motorCondition")
    recorded(gm, OLD_CAR, {"system.body.value": 4, "system.body.max": 10, "system.tyres.flat": 2, "system.patched": True,
                           "system.defences.bonus": 1})
    c = condition(gm, OLD_CAR)
    assert [c["body"], c["bodyMax"], c["flatTyres"], c["patched"], c["guardBonus"]] == [4, 10, 2, True, 1]

    readopt_after_reload(gm, "motorCondition")
    recorded(gm, OLD_CAR, {"system.body.value": 4, "system.body.max": 10, "system.tyres.flat": 2, "system.patched": True})
    assert sheet_state(gm, OLD_CAR) == [4, 10, 2, True]

    p1 = open_user_page("player1")
    forge(p1, "Actor", [{"_id": OLD_CAR, "system": {"body": {"value": 10}}}])
    gm.wait_for_function("id => game.actors.get(id)._source.system.body.value === 4", arg=OLD_CAR)
    assert condition(gm, OLD_CAR)["body"] == 4
    assert page_errors[gm] == []


def test_no_garage_takes_a_burning_motor_in(world, open_user_page, page_errors):
    """Fire, repairs and selling up › At zero Body: "A vehicle at 0 Body catches fire … Everyone must get out" — it
    explodes at the end of the next round, or in about 15 seconds; Garage work: "Major wrecks … are matters for the GM".
    Player One's Hatch is on fire at 0 of 10 Body on the GM's records; at Mare Street Motors the garage is refused, saying
    why — for Player One and for the GM's own garage — and nothing is charged or mended. Once the GM has put the fire
    out on the sheet, the garage does the work: 10 × £12 = £120."""
    seed(world, rook={"cash": {"pocket": 200, "stash": 0}})
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    car = gm.evaluate(f"""async () => (await Actor.implementation.create({{name: 'Hatch', type: 'vehicle',
        ownership: {{default: 0, '{P1}': 3}}, system: {{body: {{value: 0, max: 10}}, onFire: true}}}})).id""")
    gm.wait_for_function("""id => game.settings.get('the-smoke', 'wrecks')[`Actor.${id}`]?.['system.onFire'] === true
        && game.settings.get('the-smoke', 'motorCondition')[`Actor.${id}`]?.['system.body.value'] === 0""", arg=car)
    move(gm, T_ROOK, 36)
    wait_at(p1, ROOK, "garage")
    park(gm, car, 36)
    p1.wait_for_function("([s, id]) => game.scenes.get(s).tokens.some(t => t.actorId === id)", arg=[SCENE, car])
    burning = "Hatch is on fire: get everyone out — no garage takes a burning motor in before it explodes."
    data = {"actorUuid": f"Actor.{ROOK}", "motorUuid": f"Actor.{car}", "regionUuid": GARAGE}
    assert p1.evaluate("""async d => { try { await game.system.api.requestGM('service.garage', d); return null; }
        catch (e) { return e.message; } }""", data) == burning
    assert gm.evaluate("""async d => { try { await game.system.api.requestGM('service.garage', d); return null; }
        catch (e) { return e.message; } }""", data) == burning
    assert purse(gm) == [200, 0] and condition(gm, car)["body"] == 0

    gm.evaluate("id => game.actors.get(id).update({'system.onFire': false})", car)
    gm.wait_for_function("id => game.settings.get('the-smoke', 'wrecks')[`Actor.${id}`]?.['system.onFire'] === false", arg=car)
    p1.wait_for_function("id => game.settings.get('the-smoke', 'wrecks')[`Actor.${id}`]?.['system.onFire'] === false", arg=car)
    assert p1.evaluate("""async d => { try { await game.system.api.requestGM('service.garage', d); return null; }
        catch (e) { return e.message; } }""", data) is None
    assert purse(gm) == [80, 0]
    recorded(gm, car, {"system.body.value": 10})
    assert page_errors[gm] == []
