"""Issue 13, the services' part: the fence's sale, the crew fee, the respray and the market change, garage work and
A&E at their places, and the places' buttons on the token HUD (rulebook: Fire, repairs and selling up; Money, shops
and a safe bed; Heat on your heels › Respray, New clobber; Harm, aid and recovery › Homerton A&E). Helpers and the
scene are test_money.py's."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from helpers.money import (CAR, GARAGE, P1, P2, ROOK, SAL, SCENE, SPRAY, T_CAR, T_ROOK, YARD, ask, move, park, purse,
                           seed, sheet, wait_at)
from helpers import SEED_DICE
from helpers import add_from_pack, statuses

pytestmark = pytest.mark.harness_only


def test_a_stolen_car_sold_to_bow_breakers_at_half_body_pays_the_formula_once_and_leaves_the_seller(world, open_user_page):
    """The fence's offer: a £6,000 Vexa Hatch at 5 of 10 Body to Bow Breakers: 6000 × 25 % × (0.4 + 0.6 × ½) = £1,050;
    a sale of £500 or more is 1 XP; the car leaves the seller; a second sale (forged) is refused."""
    seed(world)
    gm_page, player1_page = open_user_page("gm"), open_user_page("player1")
    car = gm_page.evaluate(f"""async () => {{ const p = game.packs.get('the-smoke.vehicles');
        const e = (await p.getIndex()).contents.find(x => x.name === 'Vexa Hatch');
        const data = game.actors.fromCompendium(await p.getDocument(e._id));
        const car = await Actor.implementation.create({{...data, ownership: {{default: 0}}}});
        await car.update({{'system.body.value': 5}});
        await game.scenes.get('{SCENE}').createEmbeddedDocuments('Token', [{{_id: '{T_CAR}', name: 'Vexa Hatch',
          actorId: car.id, actorLink: true, x: 2100, y: 100}}]);
        return car.id; }}""")
    # the theft handed Player One the car (the vehicles feature: ownership to the thief's player)
    gm_page.evaluate(f"id => game.actors.get(id).update({{'ownership.{P1}': 3}})", car)
    move(gm_page, T_ROOK, 21)
    wait_at(player1_page, ROOK, "fence")
    xp = gm_page.evaluate(f"() => game.actors.get('{ROOK}').system.rep.xp")
    s = sheet(player1_page)
    s.get_by_role("button", name="Sell to Bow Breakers (£1050)").click()
    gm_page.wait_for_function(f"() => game.system.api.money.purseOf(game.actors.get('{ROOK}')).pocket === 1090")
    gm_page.wait_for_function(f"() => !game.scenes.get('{SCENE}').tokens.get('{T_CAR}')")
    gm_page.wait_for_function(f"id => game.actors.get(id).ownership['{P1}'] === 0", arg=car)
    assert gm_page.evaluate(f"() => game.actors.get('{ROOK}').system.rep.xp") == xp + 1
    # Player One no longer sees the car; a forged second sale is refused and pays nothing
    again = ask(player1_page, "fence.sell", {"actorUuid": f"Actor.{ROOK}", "motorUuid": f"Actor.{car}", "regionUuid": YARD})
    assert again
    assert purse(gm_page) == [1090, 100]
    # even the GM cannot sell it twice
    assert ask(gm_page, "fence.sell", {"actorUuid": f"Actor.{ROOK}", "motorUuid": f"Actor.{car}"}) == \
        "Vexa Hatch has been sold already: selling it twice makes a claimant, not a payday."


def test_the_crew_fee_is_split_with_the_remainder_shown_to_the_gm_or_paid_per_head(world, open_user_page):
    sal = {"_id": SAL, "name": "Sal", "type": "character", "ownership": {"default": 0, P2: 3},
           "system": {"cash": {"pocket": 0, "stash": 0}}}
    seed(world, actors=[sal])
    gm_page, player1_page = open_user_page("gm"), open_user_page("player1")
    r = gm_page.evaluate(f"""() => game.system.api.money.payCrew([game.actors.get('{ROOK}'), game.actors.get('{SAL}')],
        1001, {{mode: 'split'}})""")
    assert r == {"share": 500, "remainder": 1, "paid": 2}
    assert purse(gm_page, ROOK) == [540, 100] and purse(gm_page, SAL) == [500, 0]
    remainder = gm_page.locator("#chat-log .smoke-money-card[data-kind='crewFeeRemainder']")
    expect(remainder).to_contain_text("£1 of the £1001 fee is left over")
    expect(player1_page.locator("#chat-log .smoke-money-card[data-kind='crewFee']")).to_contain_text("£500 each")
    expect(player1_page.locator("#chat-log .smoke-money-card[data-kind='crewFeeRemainder']")).to_have_count(0)
    gm_page.evaluate(f"""() => game.system.api.money.payCrew([game.actors.get('{ROOK}'), game.actors.get('{SAL}')],
        50, {{mode: 'perHead'}})""")
    gm_page.wait_for_function(f"() => game.system.api.money.purseOf(game.actors.get('{SAL}')).pocket === 550")
    assert purse(gm_page, ROOK) == [590, 100]


def test_respray_clears_heat_and_fires_the_hook_and_new_clobber_loses_a_star(world, open_user_page):
    seed(world, rook={"heat": 2, "cash": {"pocket": 200, "stash": 0}})
    gm_page, player1_page = open_user_page("gm"), open_user_page("player1")
    car = gm_page.evaluate(f"""async () => {{ const car = await Actor.implementation.create({{name: 'Hatch', type: 'vehicle',
        ownership: {{default: 0, '{P1}': 3}}}}); return car.id; }}""")
    gm_page.evaluate("() => { window.resprayed = []; Hooks.on('smoke.resprayed', m => window.resprayed.push(m.id)); }")
    assert ask(player1_page, "service.respray", {"actorUuid": f"Actor.{ROOK}", "motorUuid": f"Actor.{car}",
                                                 "regionUuid": SPRAY}) == \
        "Reach a respray first."
    move(gm_page, T_ROOK, 26)
    wait_at(player1_page, ROOK, "respray")
    # the motor itself must be in the respray
    assert ask(player1_page, "service.respray", {"actorUuid": f"Actor.{ROOK}", "motorUuid": f"Actor.{car}",
                                                 "regionUuid": SPRAY}) == \
        "Bring Hatch to Kwik Spray first."
    park(gm_page, car, 26)
    assert ask(gm_page, "heat.sight", {"actorUuid": f"Actor.{ROOK}", "override": "seen"}) is None
    assert ask(player1_page, "service.respray", {"actorUuid": f"Actor.{ROOK}", "motorUuid": f"Actor.{car}",
                                                 "regionUuid": SPRAY}) == \
        "Police can see you going into Kwik Spray: no respray."
    assert ask(gm_page, "heat.sight", {"actorUuid": f"Actor.{ROOK}", "override": None}) is None
    assert purse(gm_page) == [200, 0]
    assert ask(player1_page, "service.respray", {"actorUuid": f"Actor.{ROOK}", "motorUuid": f"Actor.{car}",
                                                 "regionUuid": SPRAY}) is None
    assert purse(gm_page) == [100, 0]
    assert gm_page.evaluate(f"() => game.actors.get('{ROOK}').system.heat") == 0
    assert gm_page.evaluate("() => window.resprayed") == [car]
    gm_page.evaluate(f"() => game.actors.get('{ROOK}').update({{'system.heat': 2}})")
    move(gm_page, T_ROOK, 31)
    wait_at(player1_page, ROOK, "market")
    sheet(player1_page).get_by_role("button", name="New clobber (£25)").click()
    gm_page.wait_for_function(f"() => game.actors.get('{ROOK}').system.heat === 1")
    assert purse(gm_page) == [75, 0]


def test_garage_work_at_a_garage_at_the_gms_price_and_refused_on_the_street(world, open_user_page):
    """Garage work: the GM set this garage's price to £12 a Body; a Hatch at 6 of 10 with one flat: (4 + 6) × £12 = £120.
    The motor sheet's Garage button asks the same GM request: refused off a garage."""
    seed(world, rook={"cash": {"pocket": 200, "stash": 0}})
    gm_page, player1_page = open_user_page("gm"), open_user_page("player1")
    car = gm_page.evaluate(f"""async () => (await Actor.implementation.create({{name: 'Hatch', type: 'vehicle',
        ownership: {{default: 0, '{P1}': 3}}, system: {{body: {{value: 6, max: 10}}, tyres: {{flat: 1}}}}}})).id""")
    data = {"actorUuid": f"Actor.{ROOK}", "motorUuid": f"Actor.{car}", "regionUuid": GARAGE}
    assert ask(player1_page, "service.garage", data) == "Reach a garage first."
    move(gm_page, T_ROOK, 36)
    wait_at(player1_page, ROOK, "garage")
    assert ask(player1_page, "service.garage", data) == "Bring Hatch to Mare Street Motors first."
    park(gm_page, car, 36)
    assert ask(player1_page, "service.garage", data) is None
    assert purse(gm_page) == [80, 0]
    assert gm_page.evaluate("id => [game.actors.get(id).system.body.value, game.actors.get(id).system.tyres.flat]", car) == [10, 0]


def test_a_and_e_restores_health_clears_the_treatable_injuries_and_broken_stays(world, open_user_page):
    seed(world, rook={"health": {"value": 2}})
    gm_page, player1_page = open_user_page("gm"), open_user_page("player1")
    gm_page.evaluate(f"""async () => {{ const a = game.actors.get('{ROOK}');
        for (const s of ['bleeding', 'hurt', 'broken']) await a.toggleStatusEffect(s, {{active: true}}); }}""")
    move(gm_page, T_ROOK, 41)
    wait_at(player1_page, ROOK, "aAndE")
    sheet(player1_page).get_by_role("button", name="Get treated (free)").click()
    # The treatable injuries are removed one after the other (a write each): wait for both, then the whole state.
    gm_page.wait_for_function(f"() => {{ const s = game.actors.get('{ROOK}').statuses; "
                              f"return !s.has('bleeding') && !s.has('hurt'); }}")
    assert gm_page.evaluate(f"() => game.actors.get('{ROOK}').system.health.value") == \
        gm_page.evaluate(f"() => game.actors.get('{ROOK}').system.health.max")
    assert statuses(gm_page, ROOK) == ["broken"]
    assert purse(gm_page) == [40, 100]


def test_the_token_hud_offers_the_place_only_while_the_token_is_in_it(world, open_user_page):
    seed(world)
    gm_page, player1_page = open_user_page("gm"), open_user_page("player1")
    token = player1_page.locator(f"#board [data-token-id='{T_ROOK}']")
    token.click(button="right")
    hud = player1_page.locator("#token-hud")
    expect(hud).to_be_visible()
    expect(hud.locator(".smoke-place-hud")).to_have_count(0)
    token.click(button="right")  # closes
    expect(hud).to_have_count(0)
    move(gm_page, T_ROOK, 6)
    wait_at(player1_page, ROOK, "cornerShop")
    player1_page.locator(f"#board [data-token-id='{T_ROOK}']").click(button="right")
    button = hud.get_by_role("button", name="Shop here: Costcutter")
    expect(button).to_be_visible()
    button.click()
    expect(player1_page.locator(".application.sheet.actor tr[data-key='meal-deal']")).to_be_visible()


def test_the_gm_pays_a_crew_fee_from_the_crew_fee_window(world, open_user_page):
    sal = {"_id": SAL, "name": "Sal", "type": "character", "ownership": {"default": 0, P2: 3},
           "system": {"cash": {"pocket": 0, "stash": 0}}}
    seed(world, actors=[sal])
    gm_page = open_user_page("gm")
    gm_page.evaluate("""() => { const controls = {tokens: {tools: {}}}; Hooks.callAll("getSceneControlButtons", controls);
        controls.tokens.tools.smokeCrewFee.onChange(); }""")
    dialog = gm_page.locator(".application").filter(has_text="Who took part")
    expect(dialog).to_be_visible()
    dialog.get_by_label("Rook").check()
    dialog.get_by_label("Sal").check()
    dialog.get_by_role("spinbutton", name="Amount").fill("301")
    dialog.get_by_role("button", name="Pay").click()
    gm_page.wait_for_function(f"() => game.system.api.money.purseOf(game.actors.get('{SAL}')).pocket === 150")
    assert purse(gm_page, ROOK) == [190, 100]
    expect(gm_page.locator("#notifications")).to_contain_text("£1 left over")


def test_drugs_sell_at_a_fence_at_the_catalogues_street_price_not_an_edited_one(world, open_user_page):
    """Drugs and game effects: Skunk's street sale price is £15 a bag. Rook edits his own bag's sale price to £9,999:
    the GM pays the catalogue's £15; more bags than held, or a fraction, is refused."""
    seed(world)
    gm_page, player1_page = open_user_page("gm"), open_user_page("player1")
    skunk = add_from_pack(gm_page, ROOK, "drugs", "Skunk")
    gm_page.evaluate(f"id => game.actors.get('{ROOK}').items.get(id).update({{'system.quantity': 3}})", skunk)
    player1_page.wait_for_function(f"id => game.actors.get('{ROOK}').items.get(id)?.system.quantity === 3", arg=skunk)
    player1_page.evaluate(f"id => game.actors.get('{ROOK}').items.get(id).update({{'system.salePrice': 9999}})", skunk)
    data = {"actorUuid": f"Actor.{ROOK}", "itemId": skunk, "quantity": 1, "regionUuid": YARD}
    assert ask(player1_page, "fence.sellDrug", data) == "Reach the fence first."
    move(gm_page, T_ROOK, 21)
    wait_at(player1_page, ROOK, "fence")
    sheet(player1_page).get_by_role("button", name="Sell one Skunk (£15; 3 held)").click()
    gm_page.wait_for_function(f"() => game.system.api.money.purseOf(game.actors.get('{ROOK}')).pocket === 55")
    for bad in (5, 0.5, -1):
        assert "sell a whole number" in ask(player1_page, "fence.sellDrug", {**data, "quantity": bad})
    assert ask(player1_page, "fence.sellDrug", {**data, "quantity": 2}) is None
    assert purse(gm_page) == [85, 100]
    gm_page.wait_for_function(f"id => !game.actors.get('{ROOK}').items.get(id)", arg=skunk)


def test_stash_obligations_are_a_record_on_the_sheet(world, open_user_page):
    """Stash and obligations: "Record the owner, weekly costs, what happens if it is damaged, and what work the deal
    requires" — the owner's own notes on the sheet (no money moves by them)."""
    seed(world)
    player1_page = open_user_page("player1")
    s = sheet(player1_page)
    s.get_by_role("button", name="Add an obligation").click()
    player1_page.wait_for_function(f"() => game.actors.get('{ROOK}').system.obligations.length === 1")
    s = sheet(player1_page)
    s.get_by_label("What (a borrowed motor, a booking, a deposit)").fill("Kez's Hornet 125")
    s.get_by_label("What (a borrowed motor, a booking, a deposit)").dispatch_event("change")
    player1_page.wait_for_function(f"() => game.actors.get('{ROOK}').system.obligations[0].what === \"Kez's Hornet 125\"")
    s = sheet(player1_page)
    s.get_by_label("Weekly cost").fill("40")
    s.get_by_label("Weekly cost").dispatch_event("change")
    player1_page.wait_for_function(f"() => game.actors.get('{ROOK}').system.obligations[0].weekly === 40")
    assert purse(player1_page) == [40, 100]
    sheet(player1_page).get_by_role("button", name="Remove").click()
    player1_page.wait_for_function(f"() => game.actors.get('{ROOK}').system.obligations.length === 0")


def test_first_aid_from_the_sheet_is_savvy_medium_in_the_roll_dialog_with_the_medic_perk(world, open_user_page):
    """First aid out of a fight from the sheet's First aid list: the roll dialog opens on Savvy, Medium, and the Medic
    perk steps Savvy up (Rook's d4 → d6; TN 8 from the unboosted dice); a success on yourself: +2 Health, Hurt removed."""
    seed(world, rook={"health": {"value": 4}})
    gm_page, player1_page = open_user_page("gm"), open_user_page("player1")
    add_from_pack(gm_page, ROOK, "perks", "Medic")
    gm_page.evaluate(f"() => game.actors.get('{ROOK}').toggleStatusEffect('hurt', {{active: true}})")
    player1_page.wait_for_function(f"() => game.actors.get('{ROOK}').statuses.has('hurt')")
    sheet(player1_page).get_by_role("button", name="Treat yourself").click()
    dialog = player1_page.locator(".application.roll-dialog")
    expect(dialog.get_by_label("Difficulty", exact=True)).to_contain_text("Medium")
    dialog.get_by_label("Perk").select_option(label="Medic (First aid and treating patients.)")
    expect(dialog).to_contain_text("Medic: Savvy d4 → d6")
    expect(dialog.locator("code")).to_contain_text("1d6x>=6 + 1d6x>=6")
    player1_page.evaluate(SEED_DICE, [(5, 6), (5, 6)])
    dialog.get_by_role("button", name="Roll", exact=True).click()
    gm_page.wait_for_function(f"() => !game.actors.get('{ROOK}').statuses.has('hurt')")
    assert gm_page.evaluate(f"() => game.actors.get('{ROOK}').system.health.value") == 6
