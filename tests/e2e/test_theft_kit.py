"""The theft kit in the browser (issue 28; rulebook: Getting a motor › Theft and recovery; Tools & gear › Key
Programmer, Bike Lock): the Key Programmer's clean start and a tool the GM's record does not have; locking your own bike
with a Bike Lock, refused boarding, a Hard roll to nick it and the lock cut; the attacks beside each.

v13 facts these rest on, from sources we did not write: an owner may create and update the embedded Items of their own
Actor (foundryvtt.com/api/v13 Actor: `canUserModify` of an embedded document is its parent's), which is why the tools
the GM counts are the GM's record of the kit (documents/core/kit-record.mjs), not the items on the sheet; a player may
update an Actor they own (the same page), so a motor's lock kind and abilities are read from the catalogue entry of the
key the GM recorded (documents/vehicle/catalogue.mjs)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from helpers import SEED_DICE, add_from_pack, import_actor, observer
from helpers.record import forge
from helpers.rolls import ask

DANNY = 'Danny "Tealeaf" Doyle'


def sheet_of(page: Page, actor_id: str):
    page.evaluate("id => game.actors.get(id).sheet.render({force: true})", actor_id)
    sheet = page.locator(f".application.sheet.vehicle[id$='{actor_id}']")
    expect(sheet).to_be_visible()
    return sheet


def recorded(page: Page, actor: str, item: str) -> None:
    """Wait until this page holds the item and the GM's record of it."""
    page.wait_for_function("([a, i]) => !!game.actors.get(a)?.items.get(i) && !!game.settings.get('the-smoke', 'kit')[`Actor.${a}`]?.[i]",
                           arg=[actor, item])


def nick(page: Page, motor: str, thief: str, tool_id: str | None, dice: list[tuple[int, int]]) -> dict:
    """The theft as the sheet runs it (rollTheft, no dialog) with seeded dice; returns what opened and the card's text."""
    page.evaluate(SEED_DICE, dice)
    return page.evaluate("""async ([motor, thief, toolId]) => {
        const { rollTheft } = await smokeModule("/systems/the-smoke/module/documents/vehicle/vehicle.mjs");
        const r = await rollTheft(game.actors.get(motor), game.actors.get(thief), {toolId, skipDialog: true});
        return {opens: r.result.opens, outcome: r.result.outcome};
    }""", [motor, thief, tool_id])


def test_the_key_programmer_starts_the_car_clean_and_a_tool_the_record_does_not_have_eases_nothing(
        gm_page: Page, player1_page: Page, page_errors):
    """Danny (Effort d6, Graft d8) with a Key Programmer the GM gave him goes for the Range Ruler SUV (lock Hard, a car
    lock): two bands easier, Easy, TN 9. He rolls 3 and 4: 11, Sorted — the lock opens and the card says the car
    starts clean, no hotwire. On the Vexa Hatch (lock Easy) with no tool the card says it still needs starting.
    The attacks: his player rewrites his Slim Jim (older cars only) to ease any car three bands, straight to the server
    past his own client: asked for it on the Range Ruler the GM reads its record and refuses it for an older car only,
    and the GM puts the item back."""
    p1 = player1_page.evaluate("game.user.id")
    suv = import_actor(gm_page, "vehicles", "Range Ruler SUV", observer())
    hatch = import_actor(gm_page, "vehicles", "Vexa Hatch", observer())
    danny = import_actor(gm_page, "pregens", DANNY, {"ownership": {p1: 3}})
    programmer = add_from_pack(gm_page, danny, "gear", "Key Programmer")
    recorded(player1_page, danny, programmer)
    slim = player1_page.evaluate("id => game.actors.get(id).items.getName('Slim Jim').id", danny)

    # The attack first: the Slim Jim forged to ease every car three bands.
    forge(player1_page, "Item", [{"_id": slim, "system.lockEasing": {"targets": ["car"], "bands": 3}}], parent=f"Actor.{danny}")
    answer = ask(player1_page, "vehicle.theft.issue", {"vehicleUuid": f"Actor.{suv}", "thiefUuid": f"Actor.{danny}", "toolId": slim})
    assert answer == {"refused": "Slim Jim eases only an older car's lock, and only the GM says Range Ruler SUV is one."}
    gm_page.wait_for_function("([a, i]) => game.actors.get(a).items.get(i).system.lockEasing.bands === 1", arg=[danny, slim])

    assert nick(player1_page, suv, danny, programmer, [(3, 6), (4, 8)]) == {"opens": True, "outcome": "sorted"}
    card = player1_page.locator("#chat-log .smoke-vehicle-card").last
    expect(card).to_contain_text("Lock Hard; with Key Programmer: Easy.")
    expect(card).to_contain_text("The lock opens.")
    expect(card).to_contain_text("Key Programmer teaches it a new key: it starts clean, no hotwire.")
    expect(card).not_to_contain_text("it still needs starting")

    assert nick(player1_page, hatch, danny, "", [(3, 6), (4, 8)]) == {"opens": True, "outcome": "sorted"}
    card = player1_page.locator("#chat-log .smoke-vehicle-card").last
    expect(card).to_contain_text("Lock Easy; with No tool: Easy.")
    expect(card).to_contain_text("it still needs starting (GM checks › Hotwire: Graft, Medium; newer cars Hard without a relay box).")
    expect(card).not_to_contain_text("starts clean")
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_a_bike_lock_makes_a_bike_hard_to_nick_until_it_is_cut(gm_page: Page, player1_page: Page, player2_page: Page,
                                                                 page_errors):
    """Jaz's player owns a Grit Kid BMX (its own lock Easy). Their forged Bike Lock (an item made straight on the
    server) locks nothing: it is not on the GM's record. With the Bike Lock the GM gave Jaz, *Lock it* on the bike's
    sheet locks it: "Hard to nick". Danny's player may neither lock nor unlock a bike that is not theirs; nobody boards
    it while it is locked; Jaz unlocks and locks it again. Danny (Graft d8, Effort d6) goes for it with his angle
    grinder: from Hard two bands easier, Easy, TN 9, loud. He rolls 3 and 4: 11, Sorted: the lock opens, the card says
    the Bike Lock is cut, the GM's record of it is gone and the bike is Player One's."""
    p1, p2 = player1_page.evaluate("game.user.id"), player2_page.evaluate("game.user.id")
    bmx = import_actor(gm_page, "vehicles", "Grit Kid BMX", {"ownership": {"default": 2, p2: 3}})
    danny = import_actor(gm_page, "pregens", DANNY, {"ownership": {p1: 3}})
    jaz = import_actor(gm_page, "pregens", "Jaz Kaur", {"ownership": {p2: 3}})
    for page, me in ((player1_page, danny), (player2_page, jaz)):
        page.wait_for_function("ids => ids.every(id => !!game.actors.get(id))", arg=[bmx, danny, jaz])
        page.evaluate("id => game.user.update({character: id})", me)
    lock = {"vehicleUuid": f"Actor.{bmx}", "actorUuid": f"Actor.{jaz}", "locked": True}

    # A Bike Lock forged onto Jaz past her player's client: not the GM's record, so nothing to lock with.
    player2_page.evaluate("""async id => {
        const p = game.packs.get('the-smoke.gear');
        const entry = (await p.getIndex()).contents.find(e => e.name === 'Bike Lock');
        const data = (await p.getDocument(entry._id)).toObject();
        await game.harness.socket.request('modifyDocument', {documentName: 'Item', operation: 'create',
            parentUuid: `Actor.${id}`, data: [data], options: {}});
    }""", jaz)
    assert ask(player2_page, "vehicle.bikeLock", lock) == \
        {"refused": "Jaz Kaur has no Bike Lock on the GM's record that is not already on a bike."}
    gm_page.wait_for_function("id => !game.actors.get(id).items.getName('Bike Lock')", arg=jaz)

    bike_lock = add_from_pack(gm_page, jaz, "gear", "Bike Lock")
    recorded(player2_page, jaz, bike_lock)
    sheet = sheet_of(player2_page, bmx)
    sheet.get_by_role("button", name="Lock it").click()
    expect(sheet.locator(".smoke-bike-lock")).to_contain_text("Locked with Jaz Kaur's Bike Lock: Hard to nick.")
    expect(player2_page.locator("#chat-log .smoke-vehicle-card").last).to_contain_text(
        "Jaz Kaur locks Grit Kid BMX with the Bike Lock: Hard to nick.")
    stored = gm_page.evaluate("id => game.settings.get('the-smoke', 'bikeLocks')[`Actor.${id}`]", bmx)
    assert (stored["by"], stored["itemId"], stored["band"]) == (f"Actor.{jaz}", bike_lock, "hard")

    # Not Player One's bike: no locking it with Danny, no unlocking Jaz's lock.
    give = add_from_pack(gm_page, danny, "gear", "Bike Lock")
    recorded(player1_page, danny, give)
    assert ask(player1_page, "vehicle.bikeLock", {**lock, "actorUuid": f"Actor.{danny}"}) == \
        {"refused": "A Bike Lock is for your own ride: you do not own Grit Kid BMX."}
    assert ask(player1_page, "vehicle.bikeLock", {**lock, "locked": False}) == \
        {"refused": "Only the owner of whoever locked Grit Kid BMX (or the GM) unlocks it."}
    refusal = "Grit Kid BMX is locked with a Bike Lock: unlock it first (or nick it: a Hard roll)."
    assert ask(player2_page, "vehicle.board", {"vehicleUuid": f"Actor.{bmx}", "actorUuid": f"Actor.{jaz}", "seat": "driver"}) == \
        {"refused": refusal}
    sheet.get_by_role("button", name="Unlock it").click()
    expect(sheet.get_by_role("button", name="Lock it")).to_be_visible()
    # The GM's client holds the unlocked record too once its own write has come back (Player Two's may see it first).
    gm_page.wait_for_function("id => (game.settings.get('the-smoke', 'bikeLocks')[`Actor.${id}`] ?? null) === null",
                              arg=bmx)
    assert "ok" in ask(player2_page, "vehicle.bikeLock", lock)

    # Danny nicks it: Hard (the lock) two bands easier with the angle grinder.
    grinder = player1_page.evaluate("id => game.actors.get(id).items.getName('Angle Grinder').id", danny)
    assert nick(player1_page, bmx, danny, grinder, [(3, 6), (4, 8)]) == {"opens": True, "outcome": "sorted"}
    card = player1_page.locator("#chat-log .smoke-vehicle-card").last
    expect(card).to_contain_text("Lock Hard; with Angle Grinder: Easy.")
    expect(card).to_contain_text("Locked with a Bike Lock: Hard to nick.")
    expect(card).to_contain_text("The Bike Lock is cut.")
    expect(card).to_contain_text("Player One now has Grit Kid BMX.")
    assert gm_page.evaluate("id => game.settings.get('the-smoke', 'bikeLocks')[`Actor.${id}`] ?? null", bmx) is None
    for page in (gm_page, player1_page, player2_page):
        assert page_errors[page] == []
