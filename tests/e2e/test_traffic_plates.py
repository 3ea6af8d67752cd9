"""Issue 28 item 5: Spare Plates (rulebook: Tools & gear › Spare Plates "A pair of number plates off a written-off car.
Swap them (Graft, Easy) and the police scanner reads the new plate"; Getting a motor › Plate markers "New plates or
the abstract respray service change that marker"; Police at the table › ANPR Ping "Spare plates beat it"). The happy
path from the motor's sheet, and what a player could claim: the same roll twice, plates they do not carry, a
Toolkit they rewrote into plates."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from helpers import MAKE_MAP, SEED_DICE, add_from_pack, import_actor, observer, open_sheet

PLATE = "id => game.system.api.heat.plateOf(`Actor.${id}`)"


def test_spare_plates_swapped_with_graft_easy_give_the_nicked_motor_a_plate_that_reads_clean(gm_page: Page,
                                                                                           player1_page: Page,
                                                                                           page_errors):
    """Danny (Graft d8) swaps Spare Plates onto a nicked Vexa Hatch whose plate is hot: the roll dialog opens at Easy
    for his dice, dice 5 and 7 succeed, the plates leave his kit, and the motor's plate has a new marker that is not
    hot (ANPR reads it clean). The used roll is refused a second time; a request naming a Toolkit is refused, and so
    is one after the player rewrote the Toolkit as plates on their own client (the GM's kit record has no plates)."""
    p1 = player1_page.evaluate("game.user.id")
    car = import_actor(gm_page, "vehicles", "Vexa Hatch", observer())
    danny = import_actor(gm_page, "pregens", 'Danny "Tealeaf" Doyle', {"ownership": {p1: 3}})
    add_from_pack(gm_page, danny, "gear", "Spare Plates")
    toolkit = add_from_pack(gm_page, danny, "gear", "Toolkit")
    gm_page.evaluate("""async id => { const { plateStolen } = await smokeModule("/systems/the-smoke/module/documents/heat/units.mjs");
        await plateStolen(game.actors.get(id)); }""", car)
    assert gm_page.evaluate(PLATE, car)["hot"] is True
    player1_page.wait_for_function("d => game.actors.get(d)?.items.some(i => i.name === 'Spare Plates')", arg=danny)

    sheet = open_sheet(player1_page, car)
    sheet.get_by_role("button", name="Swap plates").click()
    dialog = player1_page.locator(".application.roll-dialog")
    expect(dialog.get_by_label("Difficulty", exact=True)).to_contain_text("Easy")
    player1_page.evaluate(SEED_DICE, [(5, 6), (7, 8)])
    dialog.get_by_role("button", name="Roll", exact=True).click()
    card = player1_page.locator("#chat-log .smoke-vehicle-card").last
    expect(card).to_contain_text("New plates on Vexa Hatch: the police scanner reads the new plate (ANPR reads it clean).")
    gm_page.wait_for_function(PLATE + "?.hot === false", arg=car)
    plate = gm_page.evaluate(PLATE, car)
    assert plate["marker"] == 1 and plate["stolen"] is True
    gm_page.wait_for_function("d => !game.actors.get(d).items.some(i => i.name === 'Spare Plates')", arg=danny)

    error = player1_page.evaluate("""async () => {
        const m = game.messages.contents.filter(m => m.flags['the-smoke']?.plates).at(-1);
        try { await game.system.api.requestGM("vehicle.plates.claim", {rollId: m.flags['the-smoke'].rollId, messageId: m.id});
          return null; } catch (e) { return e.message; } }""")
    assert error == "The GM no longer holds that roll (it was used, or the GM reloaded): try again."
    ask = """async ([car, danny, kit]) => { try { await game.system.api.requestGM("vehicle.plates.issue",
        {vehicleUuid: `Actor.${car}`, swapperUuid: `Actor.${danny}`, kitId: kit}); return null; } catch (e) { return e.message; } }"""
    assert player1_page.evaluate(ask, [car, danny, toolkit]) == "Danny \"Tealeaf\" Doyle carries no Spare Plates."
    player1_page.evaluate("""async ([d, k]) => { try { await game.actors.get(d).items.get(k).update(
        {"system.plateSwap": {stat: "grf", band: "easy"}}); } catch (e) { /* refused */ } }""", [danny, toolkit])
    assert player1_page.evaluate(ask, [car, danny, toolkit]) == "Danny \"Tealeaf\" Doyle carries no Spare Plates."
    assert gm_page.evaluate(PLATE, car)["marker"] == 1
    page_errors[player1_page].clear()  # the refusals were the point
    assert page_errors[gm_page] == []


def test_at_five_stars_call_in_units_names_every_exit_of_the_map_for_the_gms_roadblocks(gm_page: Page, page_errors):
    """Heat on your heels › 5 · Lockdown ("Roadblocks on every exit of the map") and Police at the table (Blocks: yes
    at 5 only): Call in units at 5★ places the table's 4 area cars, 2 bikes, 1 carrier and 3 ARVs and names the map's
    EXIT strip for the GM to block (the book gives no roadblock piece); at 4★ no roadblock is named."""
    maps = gm_page.evaluate(MAKE_MAP)
    gm_page.evaluate("s => game.system.api.requestGM('heat.callUnits', {sceneId: s, stars: 4})", maps["morning"])
    card = gm_page.locator("#chat-log .smoke-heat-card[data-kind=units]").last
    expect(card).to_contain_text("Area car ×3, Police bike ×1, Carrier ×1, ARV ×2")
    expect(card).not_to_contain_text("Roadblocks")
    gm_page.evaluate("s => game.system.api.requestGM('heat.callUnits', {sceneId: s, stars: 5})", maps["mare"])
    card = gm_page.locator("#chat-log .smoke-heat-card[data-kind=units]").last
    expect(card).to_contain_text("Roadblocks on every exit of the map — GM, block each: Mare Street east.")
    units = gm_page.evaluate("""s => [...game.scenes.get(s).tokens].filter(t => t.flags['the-smoke']?.unit)
        .reduce((m, t) => ({...m, [t.flags['the-smoke'].unit]: (m[t.flags['the-smoke'].unit] ?? 0) + 1}), {})""", maps["mare"])
    assert units == {"areaCars": 4, "bikes": 2, "carriers": 1, "arvs": 3}
    assert page_errors[gm_page] == []


def test_a_mullered_driver_stopped_is_named_for_drink_driving_a_sober_one_is_not(gm_page: Page, page_errors):
    """Conditions › Mullered ("Drink-driving is a crime if you are stopped"): Danny, Mullered in the Vexa's driver's
    seat, stopped: the stop card names the drink-driving and leaves its cost to the GM (the book prints no Heat). Sober
    at the wheel, the same stop names nothing."""
    car = import_actor(gm_page, "vehicles", "Vexa Hatch", observer())
    danny = import_actor(gm_page, "pregens", 'Danny "Tealeaf" Doyle')
    gm_page.evaluate("""async ([car, danny]) => {
        await game.system.api.requestGM("vehicle.board", {vehicleUuid: `Actor.${car}`, actorUuid: `Actor.${danny}`, seat: "driver"});
        await game.actors.get(danny).toggleStatusEffect("mullered", {active: true}); }""", [car, danny])
    demand = "id => game.system.api.requestGM('heat.stop.demand', {actorUuid: `Actor.${id}`})"
    gm_page.evaluate(demand, danny)
    card = gm_page.locator("#chat-log .smoke-heat-card[data-kind=stop]").last
    expect(card).to_contain_text('Drink-driving: Danny "Tealeaf" Doyle is Mullered at the wheel of Vexa Hatch — a crime now '
                                 "they are stopped.")
    gm_page.evaluate("id => game.actors.get(id).toggleStatusEffect('mullered', {active: false})", danny)
    gm_page.evaluate(demand, danny)
    expect(gm_page.locator("#chat-log .smoke-heat-card[data-kind=stop]")).to_have_count(2)
    expect(gm_page.locator("#chat-log .smoke-heat-card[data-kind=stop]").last).not_to_contain_text("Drink-driving")
    assert page_errors[gm_page] == []
