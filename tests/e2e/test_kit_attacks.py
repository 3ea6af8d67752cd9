"""The kit is the GM's record, and the fence pays for what that record says (issue 24, parts 3 and 5; rulebook: Your
character record › Kit; Money, shops and a safe bed; Fire, repairs and selling up › The fence's offer; Drugs and
game effects; Distance, ammunition and holds › Reload). An item a player adds to their own sheet is not kit the GM
counts; a quantity, a perk's stat, a weapon's numbers or a motor's catalogue key the owner writes is put back; the
fence buys the recorded bags and prices the recorded motor; using and reloading are applied by the GM from the
record. Each happy path is an honest player in their own browser; each attack a hostile one.

v13 facts relied on: an owner may create, update and delete the embedded Items of their own Actor (fvtt-types
``src/foundry/common/documents/item.d.mts``: an embedded document's permission is its parent's OWNER); and
``preCreateItem`` fires only on the requesting client, where returning false refuses the creation
(https://foundryvtt.com/api/functions/hookEvents.preCreateDocument.html) — so a forged creation that skips it reaches
every client, and the active GM's ``createItem`` hook removes it.
"""

from __future__ import annotations

import pytest
from helpers import add_from_pack, make_fight, open_sheet
from helpers.money import P1, ROOK, T_ROOK, YARD, ask, move, park, purse, seed, wait_at
from helpers.record import forge, notices
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.harness_only


def _item(page: Page, item: str) -> dict:
    return page.evaluate(f"id => game.actors.get('{ROOK}').items.get(id)?.toObject() ?? null", item)


def test_kit_a_player_adds_on_their_own_sheet_is_refused_or_removed(world, open_user_page):
    """Rook's player adds the Ghost perk (Heat cools 15 s faster) to his own sheet: refused on his client with a
    notice; the same creation forged straight to the server is removed by the active GM, and the GM's record never
    counts it (the Heat cool-down's Ghost, Uncle's Wide Boy discount read the record)."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    ghost = p1.evaluate("""async () => { const p = game.packs.get('the-smoke.perks');
        const e = (await p.getIndex()).contents.find(x => x.name === 'Ghost');
        return game.items.fromCompendium(await p.getDocument(e._id)); }""")
    made = p1.evaluate(f"async g => (await game.actors.get('{ROOK}').createEmbeddedDocuments('Item', [g])).length", ghost)
    assert made == 0 and "Kit is the GM's record" in notices(p1)
    forge(p1, "Item", [{**ghost, "_id": "ForgedGhost00001"}], parent=f"Actor.{ROOK}", operation="create")
    gm.wait_for_function(f"() => !game.actors.get('{ROOK}').items.has('ForgedGhost00001')")
    p1.wait_for_function(f"() => !game.actors.get('{ROOK}').items.has('ForgedGhost00001')")
    ghosted = gm.evaluate(f"""async () => {{ const {{hasGhost}} = await smokeModule('/systems/the-smoke/module/documents/heat/cooldown.mjs');
        return hasGhost(game.actors.get('{ROOK}')); }}""")
    assert ghosted is False
    # the GM hands it over: that is kit
    add_from_pack(gm, ROOK, "perks", "Ghost")
    gm.wait_for_function(f"() => game.system.api.record.hasRecordedPerk(game.actors.get('{ROOK}'), 'ghost')")


def test_a_perks_stat_and_a_weapons_numbers_the_owner_writes_are_put_back(world, open_user_page):
    """Brawler steps Muscle; Rook's player rewrites it to Aim and his Compact Pistol to Impact 40 with 99 rounds
    loaded and the catalogue key of Fists (not seized when Busted): stripped on his own client, put back when forged,
    and the GM's record (a check's perk, an attack's weapon) never reads them. The item's name stays his to write."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    brawler = add_from_pack(gm, ROOK, "perks", "Brawler")
    pistol = add_from_pack(gm, ROOK, "weapons", "Compact Pistol")
    p1.wait_for_function(f"id => !!game.actors.get('{ROOK}').items.get(id)", arg=pistol)
    impact = _item(gm, pistol)["system"]["impact"]
    p1.evaluate(f"id => game.actors.get('{ROOK}').items.get(id).update({{'system.stat': 'aim', name: 'Fists of Fury'}})", brawler)
    p1.wait_for_function(f"id => game.actors.get('{ROOK}').items.get(id).name === 'Fists of Fury'", arg=brawler)
    assert _item(p1, brawler)["system"]["stat"] == "mus" and "Kit is the GM's record" in notices(p1)
    forge(p1, "Item", [{"_id": brawler, "system": {"stat": "aim"}},
                       {"_id": pistol, "system": {"impact": 40, "magazine": {"loaded": 99}},
                        "flags": {"the-smoke": {"key": "weapons/fists"}}}], parent=f"Actor.{ROOK}")
    perk = gm.evaluate(f"id => game.system.api.record.recordedPerk(game.actors.get('{ROOK}'), id)", brawler)
    assert [perk["stat"], perk["key"], perk["name"]] == ["mus", "perks/brawler", "Fists of Fury"]
    counted = gm.evaluate(f"id => game.system.api.record.kitSystem(game.actors.get('{ROOK}').items.get(id))", pistol)
    assert [counted["impact"], counted["magazine"]["loaded"]] == [impact, 0]
    gm.wait_for_function(f"""([b, p, i]) => {{ const a = game.actors.get('{ROOK}'); const g = a.items.get(p);
        return a.items.get(b).system.stat === 'mus' && g.system.impact === i && g.system.magazine.loaded === 0
          && g.flags['the-smoke'].key === 'weapons/compact-pistol'; }}""", arg=[brawler, pistol, impact])
    assert gm.evaluate(f"() => game.actors.get('{ROOK}').items.size") == 2


def test_the_fence_buys_the_recorded_charlie_not_the_14000_typed(world, open_user_page):
    """Issue 24: 14,000 Charlie typed on the sheet sold for £980,040. Rook has one bag (£70 street price,
    packs-src/drugs/charlie.yml): the quantity forged to 14,000 is put back, and the fence buys at most the one bag
    the GM's record holds (£70), at once — before the put-back lands."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    charlie = add_from_pack(gm, ROOK, "drugs", "Charlie")
    move(gm, T_ROOK, 21)
    wait_at(p1, ROOK, "fence")
    forge(p1, "Item", [{"_id": charlie, "system": {"quantity": 14000}}], parent=f"Actor.{ROOK}")
    data = {"actorUuid": f"Actor.{ROOK}", "regionUuid": YARD, "itemId": charlie}
    assert ask(p1, "fence.sellDrug", {**data, "quantity": 14000}) == "Charlie: sell a whole number, 1 to the 1 you hold."
    assert purse(gm) == [40, 100]
    assert ask(p1, "fence.sellDrug", {**data, "quantity": 1}) is None
    assert purse(gm) == [110, 100]
    gm.wait_for_function(f"id => !game.actors.get('{ROOK}').items.get(id)", arg=charlie)


def _motor(gm: Page, name: str | None, *, value: int = 0) -> str:
    """A motor owned by Player One, parked at Bow Breakers Yard: from the vehicles compendium by name, or (None) made
    by hand with a value."""
    return gm.evaluate(f"""async ([name, value]) => {{
        let data = {{name: 'Hand-built Special', type: 'vehicle', system: {{value, body: {{value: 10, max: 10}}}}}};
        if (name) {{ const p = game.packs.get('the-smoke.vehicles');
          const e = (await p.getIndex()).contents.find(x => x.name === name);
          data = game.actors.fromCompendium(await p.getDocument(e._id)); }}
        return (await Actor.implementation.create({{...data, ownership: {{default: 0, '{P1}': 3}}}})).id; }}""",
                       [name, value])


def test_a_motor_sells_as_the_catalogue_entry_the_gm_recorded_not_the_supercar(world, open_user_page):
    """Issue 24: a Vexa Hatch whose owner rewrote its catalogue key sold as the Toro Furioso Supercar (£62,500). The
    key is the GM's record from the motor's import: the owner's rewrite is stripped, a forged one ignored, and Bow
    Breakers pays on the Vexa Hatch's £6,000 × 25 % = £1,500. A motor the GM made by hand sells on the value the GM
    wrote (the GM's printed record, documents/vehicle/print.mjs): £90,000 × 25 % = £22,500, though its owner forges
    £900,000 onto it as they sell."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    car = _motor(gm, "Vexa Hatch")
    special = _motor(gm, None, value=90000)
    for motor in (car, special):
        park(gm, motor, 21)
    p1.wait_for_function("id => game.actors.get(id)?.isOwner", arg=car)
    p1.evaluate("id => game.actors.get(id).setFlag('the-smoke', 'key', 'vehicles/toro-furioso-supercar')", car)
    assert "catalogue entry is the GM's record" in notices(p1)
    assert p1.evaluate("id => game.actors.get(id).flags['the-smoke'].key", car) == "vehicles/vexa-hatch"
    forge(p1, "Actor", [{"_id": car, "flags": {"the-smoke": {"key": "vehicles/toro-furioso-supercar"}}}])
    move(gm, T_ROOK, 21)
    wait_at(p1, ROOK, "fence")
    assert ask(p1, "fence.sell", {"actorUuid": f"Actor.{ROOK}", "regionUuid": YARD, "motorUuid": f"Actor.{car}"}) is None
    assert purse(gm) == [40 + 1500, 100]
    by_hand = p1.evaluate("""async ([special, data]) => {
        await game.harness.socket.request('modifyDocument', {documentName: 'Actor', operation: 'update', parentUuid: null,
            options: {}, updates: [{_id: special, system: {value: 900000}}]});
        try { await game.system.api.requestGM('fence.sell', data); return null; } catch (e) { return e.message; } }""",
                          [special, {"actorUuid": f"Actor.{ROOK}", "regionUuid": YARD, "motorUuid": f"Actor.{special}"}])
    assert by_hand is None, by_hand
    assert purse(gm) == [1540 + 22500, 100]


def test_an_honest_player_uses_kit_and_reloads_and_the_gm_applies_the_record(world, open_user_page, page_errors):
    """Food and medicine; Reload: Rook's player drinks his Energy Drink from the sheet (Buzzing, its one use gone)
    and reloads his Compact Pistol on his turn (8 rounds from the 50 in his box: 42 left) — each applied by the GM.
    Attacks: the drink's uses forged back to 5 buy no second can; a box forged to 5,000 rounds moves only what the
    record holds."""
    seed(world)
    gm, p1 = open_user_page("gm"), open_user_page("player1")
    drink = add_from_pack(gm, ROOK, "consumables", "Energy Drink")
    pistol = add_from_pack(gm, ROOK, "weapons", "Compact Pistol")
    rounds = add_from_pack(gm, ROOK, "ammunition", "9mm Rounds")
    p1.wait_for_function(f"id => !!game.actors.get('{ROOK}').items.get(id)", arg=rounds)
    sheet = open_sheet(p1, ROOK)
    sheet.get_by_role("button", name="Use Energy Drink").click()
    gm.wait_for_function(f"() => game.actors.get('{ROOK}').statuses.has('buzzing')")
    gm.wait_for_function(f"id => game.actors.get('{ROOK}').items.get(id).system.usesLeft === 0", arg=drink)
    forge(p1, "Item", [{"_id": drink, "system": {"usesLeft": 5}}], parent=f"Actor.{ROOK}")
    gm.wait_for_function(f"id => game.actors.get('{ROOK}').items.get(id).system.usesLeft === 0", arg=drink)
    used = p1.evaluate(f"""async id => {{ try {{ await game.system.api.requestGM('item.use', {{actorUuid: 'Actor.{ROOK}',
        itemId: id}}); return null; }} catch (e) {{ return e.message; }} }}""", drink)
    assert used == "Energy Drink has no uses left."
    make_fight(gm, [ROOK], mode="simple")
    forge(p1, "Item", [{"_id": rounds, "system": {"quantity": 5000}}], parent=f"Actor.{ROOK}")
    moved = p1.evaluate(f"""async ([w]) => {{ const {{reload}} = await smokeModule('/systems/the-smoke/module/documents/fight/actions.mjs');
        const c = game.combat.combatants.find(x => x.actorId === '{ROOK}');
        return reload(game.combat, c, w); }}""", [pistol])
    assert moved == 8
    gm.wait_for_function(f"""([p, r]) => {{ const a = game.actors.get('{ROOK}');
        return a.items.get(p).system.magazine.loaded === 8 && a.items.get(r).system.quantity === 42; }}""", arg=[pistol, rounds])
    again = ask(p1, "item.reload", {"combatId": p1.evaluate("() => game.combat.id"),
                                    "combatantId": p1.evaluate(f"() => game.combat.combatants.find(x => x.actorId === '{ROOK}').id"),
                                    "weaponId": pistol})
    assert again and "full" in again
    expect(gm.locator("#chat-log .chat-message").last).to_contain_text("Rook")
    assert page_errors[p1] == []
