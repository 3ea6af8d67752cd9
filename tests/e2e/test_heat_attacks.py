"""Heat against a hostile player, and the stop on foot (rulebook: Heat on your heels › When they catch up): a player
writing their own Heat (and timer) is corrected by the GM; a forged crime request and a hand-made crime card are
refused; a crime id that does not exist is named and writes nothing; a stop's answer is the owner's, once; talking
out of a stop is Front at Hard at one star; an attack on a police officer and an ANPR ping."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from helpers import settle, ticks

from helpers import SEED_DICE
from helpers import heat as H

pytestmark = pytest.mark.harness_only

REFUSED = "([type, data]) => game.system.api.requestGM(type, data).then(() => null, e => e.message)"


def test_a_player_writing_their_own_heat_is_corrected(gm_page: Page, player1_page: Page):
    ids = H.setup(gm_page, player1_page)
    danny = ids["danny"]
    H.set_heat(gm_page, danny, 3)
    player1_page.wait_for_function(H.HEAT.replace("system.heat", "system.heat === 3"), arg=danny)
    # the sheet shows the stars, without an input a player could type into
    sheet = H.open_character(player1_page, danny)
    expect(sheet.locator("input[name='system.heat']")).to_have_count(0)
    expect(sheet.locator(".smoke-heat-gm")).to_have_count(0)
    # a forged write straight to the server: the active GM puts 3 back
    player1_page.evaluate("""id => game.harness.socket.request('modifyDocument', {documentName: 'Actor', operation: 'update',
        parentUuid: null, updates: [{_id: id, system: {heat: 0}}], options: {}})""", danny)
    gm_page.wait_for_function(H.HEAT.replace("system.heat", "system.heat === 3"), arg=danny)
    player1_page.wait_for_function(H.HEAT.replace("system.heat", "system.heat === 3"), arg=danny)
    # and the timer, the override, the custody record are GM stores a player cannot write
    for key in ("heatTimers", "heatActs", "custody", "plates", "heatStops"):
        err = player1_page.evaluate("k => game.settings.set('the-smoke', k, {}).then(() => null, e => e.message)", key)
        assert err and "permission" in err.lower(), key
    for type_, data in (("heat.set", {"actorUuid": f"Actor.{danny}", "stars": 0}),
                        ("heat.sight", {"actorUuid": f"Actor.{danny}", "override": "unseen"}),
                        ("heat.indoors", {"actorUuid": f"Actor.{danny}", "indoors": True}),
                        ("heat.release", {"actorUuid": f"Actor.{danny}"})):
        assert player1_page.evaluate(REFUSED, [type_, data]) == "Only a GM can do that.", type_
    assert gm_page.evaluate(H.HEAT, danny) == 3


def test_a_forged_crime_request_and_a_hand_made_card_are_refused(gm_page: Page, player1_page: Page):
    ids = H.setup(gm_page, player1_page)
    danny = ids["danny"]
    err = player1_page.evaluate(REFUSED, ["heat.crime.add", {"actorUuid": f"Actor.{danny}", "crime": "assault"}])
    assert err == "Only a GM can do that."
    err = player1_page.evaluate(REFUSED, ["heat.crime.resolve", {"actId": "theft:forged", "dismiss": True}])
    assert err == "Only a GM can do that."
    # a player's copy of a crime card gets no buttons on the GM's page, and its act is not on record
    player1_page.evaluate("""id => ChatMessage.create({content: `<div class="smoke-heat-card" data-kind="crime"><header>
        <strong>Forged</strong></header><p class="smoke-heat-buttons"><button type="button" data-heat-action="crimeApply">Add to Heat</button></p></div>`,
        flags: {'the-smoke': {heatCrime: 'theft:forged'}}})""", danny)
    forged = gm_page.locator("#chat-log .smoke-heat-card", has_text="Forged")
    expect(forged).to_be_visible()
    expect(forged.locator("button")).to_have_count(0)
    err = gm_page.evaluate(REFUSED, ["heat.crime.resolve", {"actId": "theft:forged"}])
    assert err == "That crime card is not one the GM has on record."
    assert gm_page.evaluate(H.HEAT, danny) == 0


def test_a_crime_that_does_not_exist_is_named_and_writes_nothing(gm_page: Page, player1_page: Page):
    ids = H.setup(gm_page, player1_page)
    danny = ids["danny"]
    before = gm_page.evaluate("() => JSON.stringify(game.settings.get('the-smoke', 'heatActs'))")
    err = gm_page.evaluate(REFUSED, ["heat.crime.add", {"actorUuid": f"Actor.{danny}", "crime": "jaywalking"}])
    assert err == 'There is no crime "jaywalking" in the witnessed-crimes table.'
    err = gm_page.evaluate(REFUSED, ["heat.set", {"actorUuid": f"Actor.{danny}", "stars": 7}])
    assert err == "7 is not a number of stars (a whole number 0 to 5)."
    err = gm_page.evaluate(REFUSED, ["heat.crime.add", {"actorUuid": f"Actor.{ids['cop']}", "crime": "assault"}])
    assert err == "Only a character has Heat."
    assert gm_page.evaluate(H.HEAT, danny) == 0
    assert gm_page.evaluate("() => JSON.stringify(game.settings.get('the-smoke', 'heatActs'))") == before
    # by hand, the same act id twice adds once
    add = "([id, act]) => game.system.api.requestGM('heat.crime.add', {actorUuid: `Actor.${id}`, crime: 'assault', actId: act})"
    gm_page.evaluate(add, [danny, "hand:once"])
    second = gm_page.evaluate(add, [danny, "hand:once"])
    assert second == {"stars": 1, "added": 0, "duplicate": True} and gm_page.evaluate(H.HEAT, danny) == 1


def test_a_stop_on_foot_talk_is_front_at_hard_and_answered_once(gm_page: Page, player1_page: Page, player2_page: Page):
    ids = H.setup(gm_page, player1_page)
    danny = ids["danny"]
    H.set_heat(gm_page, danny, 1)
    stop = gm_page.evaluate("id => game.system.api.requestGM('heat.stop.demand', {actorUuid: `Actor.${id}`})", danny)["stopId"]
    card = player1_page.locator("#chat-log .smoke-heat-card[data-kind=stop]").last
    expect(card).to_contain_text("Run (Moves), talk (Front, Hard), surrender or fight?")
    for name in ("Run", "Talk", "Surrender", "Fight"):
        expect(card.get_by_role("button", name=name)).to_be_visible()
    # Player Two does not own Danny: no card for them, and the request is refused
    assert player2_page.locator("#chat-log .smoke-heat-card[data-kind=stop]").count() == 0
    err = player2_page.evaluate(REFUSED, ["heat.stop.answer", {"stopId": stop, "answer": "surrender"}])
    assert err == 'You do not own Danny "Tealeaf" Doyle.'
    # Front d6 + Effort d6 at Hard: TN 12. 6 explodes → 6 + 2, + 5 + 3 = 16: Sorted, talked round.
    player1_page.evaluate("() => game.settings.set('the-smoke', 'skipRollDialog', true)")
    player1_page.evaluate(SEED_DICE, [(6, 6), (2, 6), (5, 6)])
    card.get_by_role("button", name="Talk").click()
    result = gm_page.locator("#chat-log .smoke-heat-card[data-kind=stopResult]").last
    expect(result).to_contain_text("talks the officers round: no stop.")
    check = player1_page.locator("#chat-log .smoke-check-card").last
    expect(check).to_contain_text("12")
    err = player1_page.evaluate(REFUSED, ["heat.stop.answer", {"stopId": stop, "answer": "run"}])
    assert err == "This stop is already answered: Talk."
    err = player1_page.evaluate(REFUSED, ["heat.stop.answer", {"stopId": "nope", "answer": "run"}])
    assert err == "That stop is not one the GM has on record."


def test_anpr_reads_a_hot_plate_once_per_unit_and_a_respray_clears_it(gm_page: Page, player1_page: Page):
    ids = H.setup(gm_page, player1_page)
    danny = ids["danny"]
    car = H.import_actor(gm_page, "vehicles", "Vexa Hatch", H.observer(player1_page.evaluate("game.user.id")))
    area = H.import_actor(gm_page, "vehicles", "Metro Police Area Car")
    gm_page.evaluate("""async ([s, car, area, danny]) => {
        const scene = game.scenes.get(s);
        const [ct] = await scene.createEmbeddedDocuments("Token", [{name: "Vexa", actorId: car, actorLink: true, x: 3000, y: 1000},
          {name: "Area car", actorId: area, actorLink: true, x: 4500, y: 1000}]);
        await game.system.api.requestGM("vehicle.board", {vehicleUuid: `Actor.${car}`, actorUuid: `Actor.${danny}`, seat: "driver"});
        const { plateStolen } = await smokeModule("/systems/the-smoke/module/documents/heat/units.mjs");
        await plateStolen(game.actors.get(car));
        window.vexa = ct.id;
    }""", [ids["scene"], car, area, danny])
    move = "([s, x]) => game.scenes.get(s).tokens.get(window.vexa).update({x})"
    gm_page.evaluate(move, [ids["scene"], 3400])  # 11 squares from the area car: ANPR reads it
    player1_page.wait_for_function(H.HEAT.replace("system.heat", "system.heat === 1"), arg=danny)
    gm_page.evaluate(move, [ids["scene"], 3500])  # read already by this unit: nothing more
    settle(gm_page)
    assert gm_page.evaluate(H.HEAT, danny) == 1
    gm_page.evaluate("id => Hooks.callAll('smoke.resprayed', game.actors.get(id))", car)
    gm_page.wait_for_function("id => game.system.api.heat.plateOf(`Actor.${id}`)?.hot === false", arg=car)
    assert gm_page.evaluate("id => game.system.api.heat.plateOf(`Actor.${id}`).marker", car) == 1


def test_anpr_one_drive_past_three_units_is_the_books_heat_once(gm_page: Page, player1_page: Page):
    """Issue 25, defect 4. Police at the table › ANPR Ping: "If the motor is nicked, every unit hears it. | If they are
    in a nicked vehicle: +1 Heat." Danny drives a nicked Vexa past an area car, a police bike and a carrier, all three
    within their 12-square ANPR range in the one drive: one ping, +1 Heat (0 → 1), one ANPR card — not three. Every unit
    heard it, so driving on past them adds nothing; a unit called in afterwards reads it anew (+1, to 2)."""
    ids = H.setup(gm_page, player1_page)
    danny = ids["danny"]
    car = H.import_actor(gm_page, "vehicles", "Vexa Hatch", H.observer(player1_page.evaluate("game.user.id")))
    units = [H.import_actor(gm_page, "vehicles", name)
             for name in ("Metro Police Area Car", "Metro Police Bike", "Metro Police Carrier")]
    gm_page.evaluate("""async ([s, car, units, danny]) => {
        const scene = game.scenes.get(s);
        const [ct] = await scene.createEmbeddedDocuments("Token", [{name: "Vexa", actorId: car, actorLink: true, x: 3000, y: 1000},
          ...units.map((id, i) => ({name: `Unit ${i}`, actorId: id, actorLink: true, x: 4500, y: 800 + 200 * i}))]);
        await game.system.api.requestGM("vehicle.board", {vehicleUuid: `Actor.${car}`, actorUuid: `Actor.${danny}`, seat: "driver"});
        const { plateStolen } = await smokeModule("/systems/the-smoke/module/documents/heat/units.mjs");
        await plateStolen(game.actors.get(car));
        window.vexa = ct.id;
    }""", [ids["scene"], car, units, danny])
    anpr_cards = "() => game.messages.contents.filter(m => m.content.includes('plate reads hot')).length"
    move = "([s, x]) => game.scenes.get(s).tokens.get(window.vexa).update({x})"
    gm_page.evaluate(move, [ids["scene"], 3400])  # 11 squares from each of the three units
    player1_page.wait_for_function(H.HEAT.replace("system.heat", "system.heat === 1"), arg=danny)
    settle(gm_page)
    assert gm_page.evaluate(H.HEAT, danny) == 1
    assert gm_page.evaluate(anpr_cards) == 1
    gm_page.evaluate(move, [ids["scene"], 3600])  # on past the same units: they have all heard it
    settle(gm_page)
    assert (gm_page.evaluate(H.HEAT, danny), gm_page.evaluate(anpr_cards)) == (1, 1)
    # An ARV called in after the ping had not heard it: the next drive within its range is a new read.
    arv = H.import_actor(gm_page, "vehicles", 'Metro ARV "Trojan"')
    gm_page.evaluate("""([s, arv]) => game.scenes.get(s).createEmbeddedDocuments("Token",
        [{name: "ARV", actorId: arv, actorLink: true, x: 4500, y: 1400}])""", [ids["scene"], arv])
    gm_page.evaluate(move, [ids["scene"], 3700])
    player1_page.wait_for_function(H.HEAT.replace("system.heat", "system.heat === 2"), arg=danny)
    settle(gm_page)
    assert (gm_page.evaluate(H.HEAT, danny), gm_page.evaluate(anpr_cards)) == (2, 2)


IN_SIGHT = "id => game.system.api.heat.heatView(game.actors.get(id)).inSight"
SIGHT_MODULE = "/systems/the-smoke/module/documents/heat/sight.mjs"


def test_an_officer_made_by_to_object_is_police_and_a_player_cannot_make_or_unmake_one(gm_page: Page,
                                                                                       player1_page: Page):
    """Issue 25, defect 5. A Metro Police Officer made from the compendium by `toObject()` + `Actor.create` (no
    `_stats.compendiumSource`) is police by what the catalogue wrote on it (`flags["the-smoke"].key`): 4 squares from
    Danny at one star, he is in sight. Police status for the GM's decisions is only ever read from an actor no player
    owns (v13 `ClientDocument#hasPlayerOwner`, "Test whether this Document is owned by any non-Gamemaster User",
    fvtt-types client-document.d.mts): Player One cannot rewrite the GM's officer, flagging his own Danny as police
    makes Danny see nobody (Jaz, one star, next to him, stays out of sight), and an officer the GM hands a player is
    no longer police."""
    ids = H.setup(gm_page, player1_page)  # Danny at x 100; an imported officer far off (x 5000)
    danny = ids["danny"]
    made = gm_page.evaluate("""async () => {
        const pack = game.packs.get("the-smoke.street-people");
        const entry = (await pack.getIndex()).contents.find(e => e.name === "Metro Police Officer");
        const data = (await pack.getDocument(entry._id)).toObject();
        const actor = await Actor.implementation.create({...data, name: "PC Copy"});
        const s = game.scenes.find(s => s.name === "Morning Lane");
        const [t] = await s.createEmbeddedDocuments("Token", [{name: "PC Copy", actorId: actor.id, actorLink: true, x: 500, y: 100}]);
        return {actor: actor.id, token: t.id, source: actor._stats?.compendiumSource ?? null};
    }""")
    assert made["source"] is None  # made without importFromCompendium: only the catalogue's own data says police
    H.set_heat(gm_page, danny, 1)
    gm_page.wait_for_function(IN_SIGHT, arg=danny)

    # Player One cannot un-police the GM's officer: the server refuses the write, he is still seen.
    err = player1_page.evaluate("""id => game.actors.get(id).update({"flags.the-smoke.key": "", "flags.the-smoke.police": false})
        .then(() => null, e => e.message)""", made["actor"])
    assert err, "a player wrote the GM's officer"
    ticks(gm_page)  # the GM's check (once a second) ran since
    assert gm_page.evaluate(IN_SIGHT, danny) is True

    # The officer walks off: Danny out of sight. Jaz (the GM's, one star) stands next to Danny.
    gm_page.evaluate("([s, t]) => game.scenes.get(s).tokens.get(t).update({x: 5500})", [ids["scene"], made["token"]])
    gm_page.wait_for_function(f"id => !({IN_SIGHT})(id)", arg=danny)
    jaz = H.import_actor(gm_page, "pregens", "Jaz Kaur")
    gm_page.evaluate("""([s, id]) => game.scenes.get(s).createEmbeddedDocuments("Token",
        [{name: "Jaz", actorId: id, actorLink: true, x: 300, y: 100}])""", [ids["scene"], jaz])
    H.set_heat(gm_page, jaz, 1)
    gm_page.wait_for_function("id => game.system.api.heat.heatView(game.actors.get(id)).nextStarSeconds !== null", arg=jaz)
    # Player One makes his own character "police" with every mark the system reads: it counts for nothing.
    assert player1_page.evaluate("""id => game.actors.get(id).update({"flags.the-smoke.police": true,
        "flags.the-smoke.key": "street-people/metro-police-officer"}).then(() => null, e => e.message)""", danny) is None
    gm_page.wait_for_function("id => game.actors.get(id).flags['the-smoke']?.police === true", arg=danny)
    ticks(gm_page)  # the GM's check (once a second) ran since
    assert gm_page.evaluate(IN_SIGHT, jaz) is False
    assert gm_page.evaluate(f"async id => (await smokeModule('{SIGHT_MODULE}')).isPolice(game.actors.get(id))", danny) is False

    # An officer a player owns is not police (its owner could rewrite it): back next to Danny, nobody sees him.
    p1 = player1_page.evaluate("game.user.id")
    gm_page.evaluate("([id, p1]) => game.actors.get(id).update({[`ownership.${p1}`]: 3})", [made["actor"], p1])
    gm_page.evaluate("([s, t]) => game.scenes.get(s).tokens.get(t).update({x: 500})", [ids["scene"], made["token"]])
    ticks(gm_page)  # the GM's check (once a second) ran since
    assert gm_page.evaluate(IN_SIGHT, danny) is False
    assert gm_page.evaluate(f"async id => (await smokeModule('{SIGHT_MODULE}')).isPolice(game.actors.get(id))", made["actor"]) is False


def test_at_three_stars_india_99_sees_him_outdoors_and_a_roof_or_the_gm_stops_it(gm_page: Page, player1_page: Page):
    ids = H.setup(gm_page, player1_page)
    danny = ids["danny"]
    shown = "id => document.querySelector(`[data-smoke-heat-countdown='Actor.${id}']`)?.textContent ?? ''"
    H.set_heat(gm_page, danny, 3)
    H.open_character(player1_page, danny)
    player1_page.wait_for_function(f"id => ({shown})(id) === 'In sight'", arg=danny)  # the helicopter, no unit near
    # a roofed Region (the-smoke.indoors) around him: the helicopter cannot see in, the 90 s timer runs
    gm_page.evaluate("""s => game.scenes.get(s).createEmbeddedDocuments("Region", [{name: "Arches", shapes: [{type: "rectangle",
        x: 0, y: 0, width: 400, height: 400}], behaviors: [{name: "Roof", type: "the-smoke.indoors"}]}])""", ids["scene"])
    player1_page.wait_for_function(f"id => ({shown})(id).includes('s to lose')", arg=danny)
    assert 84 <= H.seconds_shown(player1_page, danny) <= 90
    # the roof switched off: seen again; the GM's *indoors* toggle is a roof too; the GM's *in sight* overrides it
    gm_page.evaluate("""s => { const r = game.scenes.get(s).regions.contents[0]; return r.behaviors.contents[0].update({disabled: true}); }""", ids["scene"])
    player1_page.wait_for_function(f"id => ({shown})(id) === 'In sight'", arg=danny)
    gm_page.evaluate("id => game.system.api.requestGM('heat.indoors', {actorUuid: `Actor.${id}`, indoors: true})", danny)
    player1_page.wait_for_function(f"id => ({shown})(id).includes('s to lose')", arg=danny)
    gm_page.evaluate("id => game.system.api.requestGM('heat.sight', {actorUuid: `Actor.${id}`, override: 'seen'})", danny)
    player1_page.wait_for_function(f"id => ({shown})(id) === 'In sight'", arg=danny)


def test_a_timer_for_a_deleted_character_goes_with_it(gm_page: Page, player1_page: Page, page_errors):
    ids = H.setup(gm_page, player1_page)
    danny = ids["danny"]
    H.set_heat(gm_page, danny, 2)
    gm_page.wait_for_function("id => !!game.settings.get('the-smoke', 'heatTimers')[`Actor.${id}`]", arg=danny)
    gm_page.evaluate("id => game.actors.get(id).delete()", danny)
    gm_page.wait_for_function("id => !game.settings.get('the-smoke', 'heatTimers')[`Actor.${id}`]", arg=danny)
    ticks(gm_page, n=2)  # the GM's checks carry on without it
    assert page_errors[gm_page] == []


def test_an_attack_on_a_police_officer_asks_the_gm_once(gm_page: Page, page_errors):
    """A cricket bat swung at a police officer in a fight: the GM's card asks about assaulting a police officer
    (+2), police saw it pre-ticked (he is the one hit, 1 square away); the act is on record once."""
    from helpers import console, make_actor
    from helpers import fight_on_scene, gm_reveals_all, scene_with, weapon
    sal = make_actor(gm_page, "Sal", system={"stats": {"mov": {"die": 4}}}, items=[weapon(gm_page, "Cricket Bat")])
    # an officer flagged as police (the street profile's own NPC is recognised by its compendium source too)
    cop = make_actor(gm_page, "PC Okafor", kind="npc", system={"stats": {"mov": {"die": 4}}, "guard": {"value": 13},
                                                            "health": {"value": 12, "max": 12}})
    gm_page.evaluate("id => game.actors.get(id).update({'flags.the-smoke.police': true})", cop)
    tokens = scene_with(gm_page, [(sal, 1, 1), (cop, 2, 1)])
    fight_on_scene(gm_page, tokens)
    gm_reveals_all(gm_page, [6, 2])
    app = console(gm_page)
    app.get_by_label("Weapon").select_option(label=app.get_by_label("Weapon").locator("option", has_text="Cricket Bat").first.inner_text())
    gm_page.evaluate(SEED_DICE, [(3, 6), (2, 4)])
    app.get_by_role("button", name="Attack", exact=True).click(modifiers=["Shift"])
    card = gm_page.locator("#chat-log .smoke-heat-card[data-kind=crime]").last
    expect(card).to_contain_text("Sal: Assaulting a police officer (+2)?")
    expect(card.locator("[data-heat-toggle=policeSaw]")).to_be_checked()
    card.get_by_role("button", name="Add to Heat").click()
    gm_page.wait_for_function(H.HEAT.replace("system.heat", "system.heat === 3"), arg=sal)
    acts = gm_page.evaluate("() => Object.keys(game.settings.get('the-smoke', 'heatActs')).filter(k => k.startsWith('attack:'))")
    assert len(acts) == 1
    assert page_errors[gm_page] == []


def test_a_uniform_the_player_ticks_authorised_is_still_kept_by_police_and_the_gms_tick_counts(gm_page: Page, player1_page: Page):
    """Heat on your heels › Busted ("weapons, ammunition, drugs and unauthorised uniforms" go into custody): whether a
    uniform is authorised is the GM's record of the item (documents/core/kit-record.mjs), not the sheet. Danny's player
    ticks *Authorised* on his Police Uniform and forges it too: police keep it all the same. The GM ticks a second
    uniform authorised on its sheet: police leave that one with him."""
    from helpers import add_from_pack
    from helpers.record import forge
    ids = H.setup(gm_page, player1_page)
    danny = ids["danny"]
    mine = add_from_pack(gm_page, danny, "outfits", "Police Uniform")
    given = add_from_pack(gm_page, danny, "outfits", "Police Uniform")
    player1_page.wait_for_function("([a, i]) => !!game.actors.get(a)?.items.get(i)", arg=[danny, given])
    player1_page.evaluate("([a, i]) => game.actors.get(a).items.get(i).update({'system.authorised': true})", [danny, mine])
    forge(player1_page, "Item", [{"_id": mine, "system": {"authorised": True}, "flags": {"the-smoke": {"authorised": True}}}],
          parent=f"Actor.{danny}")
    gm_page.evaluate("([a, i]) => game.actors.get(a).items.get(i).update({'system.authorised': true})", [danny, given])
    gm_page.wait_for_function("""([a, i]) => game.system.api.record.kitSystem(game.actors.get(a).items.get(i))?.authorised === true""",
                              arg=[danny, given])
    H.set_heat(gm_page, danny, 2)
    H.open_character(gm_page, danny).get_by_role("button", name="Cuff: Busted").click()
    player1_page.wait_for_function("([a, i]) => !game.actors.get(a).items.get(i)", arg=[danny, mine])
    kept = player1_page.evaluate("a => game.actors.get(a).items.filter(i => i.name === 'Police Uniform').map(i => i.id)", danny)
    assert kept == [given]
    card = player1_page.locator("#chat-log .smoke-heat-card[data-kind=busted]").last
    expect(card).to_contain_text("Police keep: Police Uniform.")


def test_a_roof_is_where_the_token_stands_not_what_its_record_of_regions_says(gm_page: Page, player1_page: Page):
    """v13 builds `token.regions` from the token's stored `_regions`, which the moving client works out and sends and
    which the token's owner may write (core v13 client/documents/token.mjs `#onUpdateRegions`: `for ( const id of
    this._source._regions )`; common/documents/token.mjs: `_regions` a plain field; code index). The stand-in works
    regions out from the position, so here the GM's copy of Danny's record is made to claim a roof across the street,
    as a forged `_regions` would in v13: the helicopter still sees him, because the GM tests where he stands."""
    ids = H.setup(gm_page, player1_page)
    danny = ids["danny"]
    shown = "id => document.querySelector(`[data-smoke-heat-countdown='Actor.${id}']`)?.textContent ?? ''"
    H.set_heat(gm_page, danny, 3)
    H.open_character(player1_page, danny)
    player1_page.wait_for_function(f"id => ({shown})(id) === 'In sight'", arg=danny)
    gm_page.evaluate("""async ([s, danny]) => { const scene = game.scenes.get(s);
        const [roof] = await scene.createEmbeddedDocuments("Region", [{name: "Arches", shapes: [{type: "rectangle",
          x: 3000, y: 1500, width: 400, height: 400}], behaviors: [{name: "Roof", type: "the-smoke.indoors"}]}]);
        const token = scene.tokens.find(t => t.actorId === danny);
        Object.defineProperty(token, "regions", {get: () => new Set([roof]), configurable: true}); }""", [ids["scene"], danny])
    ticks(gm_page, n=2)
    assert player1_page.evaluate(shown, danny) == "In sight"
