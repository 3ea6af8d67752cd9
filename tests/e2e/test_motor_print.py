"""A motor's printed record is the GM's, as a character's record is (the team brief: "a roll the GM counts is
re-derived from the character, not read from the card"; rulebook: Getting a motor › Vehicles have their own record —
"Performance replaces Effort on a Wheels roll … Size sets vehicle Guard … Fuel, seats, value and lock difficulty appear
in the roster"; Vehicle abilities — "A vehicle only gains the abilities listed on its own record"). Its Performance,
Handling, Speed, Size, Armour, seats, lock, value and abilities mirror the GM store ``motorPrint``
(documents/vehicle/print.mjs): a catalogue motor's are its catalogue entry's, a motor the GM made by hand what the GM
wrote; the owner's own edit is stripped with a notice, a forged one put back by the active GM, the GM's own edits are
the record, and a world from before the record is adopted once — a catalogue motor from its entry, any other as it
stood. The chase's ram, Guard and Police kit, the fence and the hearing check have their attacks beside their own
tests (test_chase.py, test_kit_attacks.py, test_gm_check_tools.py); here: a GM check set by Performance, the GM's own
edits, and the adoption.

v13 facts relied on (sources we did not write): an owner may update their own Actor (fvtt-types
``src/foundry/common/documents/actor.d.mts``: permission ``update`` is OWNER), so a write can always be forged;
``preUpdateActor`` fires only on the requesting client and may change the request
(https://foundryvtt.com/api/functions/hookEvents.preUpdateDocument.html); ``updateActor`` fires on every client with
the requesting user's id (https://foundryvtt.com/api/functions/hookEvents.updateDocument.html), which is when the GM
acts on a forged write below, before it puts it back; world settings reach every client and only a GM may write one
(SETTINGS_MODIFY), which is where the GM stores live.
"""

from __future__ import annotations

import pytest
from helpers import P1, import_actor
from helpers.gm_screen import last_request, roll_from_card, two_players
from helpers.record import readopt_after_reload, arm, armed, ask_when_forged, forge
from helpers.rolls import ask, hand_made, not_this_check
from playwright.sync_api import Page, expect

NOTICE = ("A motor's printed record (Performance, Handling, Speed, Size, Armour, seats, lock, value and abilities) is "
          "the GM's record")
OLD_HATCH, SPECIAL = "OldHatchActor002", "OldSpecialActor1"
HATCH_ENTRY = {"performance": 6, "handling": 0, "speed": 9, "size": 2, "armour": 0, "seats": {"crew": 1, "passengers": 4},
               "lock": "easy", "lockKind": "car", "value": 6000, "abilities": []}


def printed(page: Page, motor: str) -> dict:
    """The GM's printed record of a motor, as this page reads it (documents/vehicle/print.mjs printedOf)."""
    return page.evaluate("id => game.system.api.vehicles.printedOf(game.actors.get(id))", motor)


def sheet_print(page: Page, motor: str) -> dict:
    """The same fields as the motor's stored data (the sheet) holds them."""
    return page.evaluate("""id => { const s = game.actors.get(id)._source.system;
        return {performance: s.performance.die, handling: s.handling, speed: s.speed, size: s.size, armour: s.armour,
          seats: {crew: s.seats.crew, passengers: s.seats.passengers}, lock: s.lock, lockKind: s.lockKind, value: s.value,
          abilities: [...s.abilities]}; }""", motor)


def band_tn(page: Page, effort: int, stat: int, band: str) -> int:
    return page.evaluate("""async ([e, s, b]) => (await smokeModule("/systems/the-smoke/module/rules/check.mjs")).bandTN(e, s, b)""",
                         [effort, stat, band])


def stat_mod(page: Page, die: int) -> int:
    return page.evaluate("""async d => (await smokeModule("/systems/the-smoke/module/rules/record.mjs")).statModifier(d)""", die)


def test_a_drivers_gm_check_is_set_and_counted_by_the_performance_on_the_gms_record(
        gm_page: Page, player1_page: Page, player2_page: Page, page_errors):
    """GM checks › Drive Like You Stole It ("Behind the wheel the vehicle's Performance die replaces the Effort die
    automatically"): Danny (Wheels d4) drives Player One's Vexa Hatch, Performance d6 on the GM's printed record (the
    catalogue entry's). The GM sends the check: Medium for d6 and d4; Danny rolls it from the card, 5 and 3, and it
    counts. Player One's own edit of the hatch to Performance d12 is stripped with a notice. Written straight to the
    server, the GM sends the check again as the write arrives: still the TN of d6, not d12's; Danny's card rolled with
    a d12 for Performance is refused, naming the die, and the GM puts the sheet back."""
    danny, _ = two_players(gm_page, player1_page, player2_page)
    hatch = import_actor(gm_page, "vehicles", "Vexa Hatch", {"ownership": {"default": 2, P1: 3}})
    gm_page.evaluate("""([car, who]) => game.system.api.vehicles.boardVehicle(game.actors.get(car), game.actors.get(who),
        {seat: 'driver'})""", [hatch, danny])
    medium, forged_tn = band_tn(gm_page, 6, 4, "medium"), band_tn(gm_page, 12, 4, "medium")
    assert medium != forged_tn
    mod = stat_mod(gm_page, 4)
    check = {"kind": "check", "key": "drive-like-you-stole-it", "actorUuids": [f"Actor.{danny}"]}

    sent = ask(gm_page, "gm.request.send", check)["ok"]
    assert sent["entries"][0]["options"] == [{"stat": "whl", "tn": medium}]
    roll_from_card(player1_page, f"Roll Wheels (TN {medium})", [(5, 6), (3, 4)])
    gm_page.wait_for_function("id => !!game.settings.get('the-smoke', 'gmRequests')[id].entries[0].result", arg=sent["id"])
    assert last_request(gm_page)["entries"][0]["result"]["total"] == 5 + 3 + mod

    player1_page.evaluate("id => game.actors.get(id).update({'system.performance.die': 12})", hatch)
    expect(player1_page.locator("#notifications")).to_contain_text(NOTICE)
    assert sheet_print(player1_page, hatch)["performance"] == 6
    ask_when_forged(gm_page, hatch, "gm.request.send", check)
    forge(player1_page, "Actor", [{"_id": hatch, "system": {"performance": {"die": 12}}}])
    again = armed(gm_page)["ok"]
    assert again["entries"][0]["options"] == [{"stat": "whl", "tn": medium}]
    roll_id = last_request(gm_page)["entries"][0]["options"][0]["rollId"]
    sign = "+" if mod >= 0 else "-"
    card = hand_made(player1_page, danny, {"stat": "whl", "perkId": None, "hustle": 0, "tnSource": "fixed", "tn": forged_tn},
                     f"1d12x>=12 + 1d4x>=4 {sign} {abs(mod)}", {"rollId": roll_id, "gmRequest": {"id": again["id"]}})
    assert ask(player1_page, "gm.request.claim", {"rollId": roll_id, "messageId": card}) == \
        {"refused": not_this_check("the Performance die is d12, this check's is d6")}
    gm_page.wait_for_function("id => game.actors.get(id)._source.system.performance.die === 6", arg=hatch)
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_the_gms_own_edits_of_a_motors_printed_record_are_the_record(gm_page: Page, player1_page: Page,
                                                                     player2_page: Page, page_errors):
    """The GM's right: Player One's Vexa Hatch (Easy lock, Performance d6). The GM sets its lock to Hard on its sheet
    and gives it Performance d8 and the Off-road ability (a macro's write): each is the record — Player One's sheet
    shows them, and Jaz's theft of it is issued at Hard (TN for her d6 and d6). Player One's own Easy lock is stripped
    with a notice; the same forged straight to the server, with Performance d12, is put back to the GM's."""
    _, jaz = two_players(gm_page, player1_page, player2_page)
    hatch = import_actor(gm_page, "vehicles", "Vexa Hatch", {"ownership": {"default": 2, P1: 3}})
    gm_page.wait_for_function("id => !!game.settings.get('the-smoke', 'motorPrint')[`Actor.${id}`]", arg=hatch)
    assert printed(gm_page, hatch) == HATCH_ENTRY

    gm_page.evaluate("id => game.actors.get(id).sheet.render({force: true})", hatch)
    sheet = gm_page.locator(f".application.sheet.vehicle[id$='{hatch}']")
    sheet.locator("select[name='system.lock']").select_option("hard")
    gm_page.evaluate("id => game.actors.get(id).update({'system.performance.die': 8, 'system.abilities': ['off-road']})", hatch)
    mine = {**HATCH_ENTRY, "lock": "hard", "performance": 8, "abilities": ["off-road"]}
    gm_page.wait_for_function("""id => { const r = game.settings.get('the-smoke', 'motorPrint')[`Actor.${id}`];
        return r?.['system.lock'] === 'hard' && r['system.performance.die'] === 8
          && r['system.abilities'].join() === 'off-road'; }""", arg=hatch)
    player1_page.wait_for_function("id => game.actors.get(id)?.system.lock === 'hard'", arg=hatch)
    assert printed(player1_page, hatch) == mine and sheet_print(player1_page, hatch) == mine
    issued = ask(player2_page, "vehicle.theft.issue", {"vehicleUuid": f"Actor.{hatch}", "thiefUuid": f"Actor.{jaz}",
                                                        "toolId": ""})["ok"]
    assert (issued["band"], issued["tn"]) == ("hard", band_tn(gm_page, 6, 6, "hard"))

    player1_page.evaluate("id => game.actors.get(id).update({'system.lock': 'easy'})", hatch)
    expect(player1_page.locator("#notifications")).to_contain_text(NOTICE)
    forge(player1_page, "Actor", [{"_id": hatch, "system": {"lock": "easy", "performance": {"die": 12}}}])
    gm_page.wait_for_function("""id => { const s = game.actors.get(id)._source.system;
        return s.lock === 'hard' && s.performance.die === 8; }""", arg=hatch)
    player1_page.wait_for_function("id => game.actors.get(id).system.lock === 'hard'", arg=hatch)
    assert printed(gm_page, hatch) == mine
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


@pytest.mark.harness_only
def test_motors_from_before_the_record_are_adopted_from_their_catalogue_entry_or_as_they_stood(world, open_user_page,
                                                                                                page_errors):
    """Migration: two of Player One's motors were in the world before this record (seeded while no GM was connected).
    The Old Hatch has the catalogue key of the Vexa Hatch, and numbers its owner typed: Performance d12, Handling +5,
    Speed 20, Size 9, Armour 4, 2 + 8 seats, a Long Shot lock, £999,999 and the Police kit. The Garage Special has no
    key: the GM made it by hand (d8, +2, Speed 12, Size 3, Armour 1, a Hard motorbike lock, £12,000, Off-road). The
    first active GM adopts the Old Hatch from its catalogue entry — the sheet written back — and the Special as it
    stood, not from nothing (d6, +0, Speed 1, no value). A world adopted before this record existed (its marker and
    store as an older version left them) is adopted once more when the GM loads. After that a forged Size is put back."""
    world.seed(actors=[
        {"_id": OLD_HATCH, "name": "Old Hatch", "type": "vehicle", "ownership": {"default": 0, P1: 3},
         "flags": {"the-smoke": {"key": "vehicles/vexa-hatch"}},
         "system": {"performance": {"die": 12}, "handling": 5, "speed": 20, "size": 9, "armour": 4,
                    "seats": {"crew": 2, "passengers": 8}, "lock": "longShot", "lockKind": "car", "value": 999999,
                    "abilities": ["police-kit"], "body": {"value": 10, "max": 10}}},
        {"_id": SPECIAL, "name": "Garage Special", "type": "vehicle", "ownership": {"default": 0, P1: 3},
         "system": {"performance": {"die": 8}, "handling": 2, "speed": 12, "size": 3, "armour": 1,
                    "seats": {"crew": 1, "passengers": 1}, "lock": "hard", "lockKind": "motorbike", "value": 12000,
                    "abilities": ["off-road"], "body": {"value": 8, "max": 8}}}])
    special = {"performance": 8, "handling": 2, "speed": 12, "size": 3, "armour": 1, "seats": {"crew": 1, "passengers": 1},
               "lock": "hard", "lockKind": "motorbike", "value": 12000, "abilities": ["off-road"]}
    gm = open_user_page("gm")
    gm.wait_for_function("() => !!game.settings.get('the-smoke', 'recordAdoption').motorPrint")
    assert printed(gm, OLD_HATCH) == HATCH_ENTRY
    gm.wait_for_function("id => game.actors.get(id)._source.system.size === 2", arg=OLD_HATCH)
    assert sheet_print(gm, OLD_HATCH) == HATCH_ENTRY
    assert printed(gm, SPECIAL) == special and sheet_print(gm, SPECIAL) == special

    readopt_after_reload(gm, "motorPrint")
    assert printed(gm, OLD_HATCH) == HATCH_ENTRY and printed(gm, SPECIAL) == special

    p1 = open_user_page("player1")
    arm(gm, SPECIAL, "id => game.system.api.vehicles.printedOf(game.actors.get(id)).size", SPECIAL)
    forge(p1, "Actor", [{"_id": SPECIAL, "system": {"size": 9}}])
    assert armed(gm) == {"ok": 3}
    gm.wait_for_function("id => game.actors.get(id)._source.system.size === 3", arg=SPECIAL)
    assert page_errors[gm] == []
