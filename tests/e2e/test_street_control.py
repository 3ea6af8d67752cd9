"""Street Control in the browser (rulebook: A d20 on the street; Police at the table; People on the street): a street
event whispered to the GM only and its follow-up run once; setup placing the people on the street and setting the
street; ANPR in a nicked motor +1 Heat once; a stop and search finding a knife; a knock at the door with a warrant
ending Busted, once; a player refused every request, a second card and a forged one."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from helpers import SEED_DICE, add_from_pack, import_actor, observer
from helpers.street import EVENTS, GM_ONLY, ask, danny_on_scene, roll_police, street_window

HEAT = "id => game.actors.get(id).system.heat"


def test_a_street_event_is_whispered_to_the_gm_only_and_its_follow_up_runs_once(gm_page: Page, player1_page: Page):
    """Seeded d20 = 1, Lea Boys turn up: the card is the GMs' alone (the player's client never receives it); its button
    places two Lea Boys; a double click, a second request and a request after the GM reloads are refused; a player's
    request is refused."""
    ids = danny_on_scene(gm_page, player1_page)
    window = street_window(gm_page)
    gm_page.evaluate(SEED_DICE, [(1, 20)])
    window.get_by_role("button", name="Roll a d20 street event").click()
    card = gm_page.locator("#chat-log .smoke-street-event").last
    expect(card).to_contain_text("d20: 1 — Lea Boys turn up")
    expect(card).to_contain_text("Mare Street: Residential, Day.")
    gms = gm_page.evaluate("game.users.filter(u => u.isGM).map(u => u.id).sort()")
    whisper = gm_page.evaluate("() => [...game.messages.contents.filter(m => m.flags['the-smoke']?.streetEvent).at(-1).whisper].sort()")
    assert whisper == gms
    player1_page.wait_for_timeout(300)
    assert player1_page.evaluate(EVENTS) == 0
    expect(player1_page.locator("#chat-log .smoke-street-event")).to_have_count(0)

    card.get_by_role("button", name="Place 2 × Lea Boy").dblclick()
    gm_page.wait_for_function("() => game.scenes.viewed.tokens.filter(t => t.name === 'Lea Boy').length === 2")
    expect(card).to_contain_text("2 × Lea Boy placed on Mare Street.")
    expect(card.get_by_role("button")).to_have_count(0)
    event_id = gm_page.evaluate("() => game.messages.contents.filter(m => m.flags['the-smoke']?.streetEvent).at(-1).flags['the-smoke'].streetEvent.id")
    assert ask(gm_page, "street.followUp", {"eventId": event_id}) == '"Lea Boys turn up" has already been set going.'
    assert ask(player1_page, "street.followUp", {"eventId": event_id}) == GM_ONLY
    assert ask(player1_page, "street.event", {"roll": 6}) == GM_ONLY
    gm_page.reload()
    gm_page.wait_for_function("() => window.game?.ready")
    assert ask(gm_page, "street.followUp", {"eventId": event_id}) == '"Lea Boys turn up" has already been set going.'
    assert gm_page.evaluate("s => game.scenes.get(s).tokens.filter(t => t.name === 'Lea Boy').length", ids["scene"]) == 2
    assert player1_page.evaluate(EVENTS) == 0


def test_setup_places_the_street_people_and_sets_the_street(gm_page: Page, player1_page: Page):
    """The street profile and time of day are GM-written scene flags shown in the window and on the cards; Place all
    nine puts one token of each profile on nine different squares round the centre (each actor imported once); a second
    Lea Boy reuses the actor; Call in units at 2 stars is Heat's (2 area cars, 1 bike); a player is refused."""
    ids = danny_on_scene(gm_page, player1_page)
    window = street_window(gm_page)
    window.get_by_label("Street profile").select_option("market")
    gm_page.wait_for_function("s => game.scenes.get(s).flags['the-smoke']?.street?.profile === 'market'", arg=ids["scene"])
    window.get_by_label("Time of day").select_option("night")
    gm_page.wait_for_function("s => game.scenes.get(s).flags['the-smoke']?.street?.time === 'night'", arg=ids["scene"])
    expect(window.get_by_label("Time of day")).to_have_value("night")
    window.get_by_role("button", name="Place all nine").click()
    gm_page.wait_for_function("s => game.scenes.get(s).tokens.size === 9", arg=ids["scene"])
    placed = gm_page.evaluate("""s => game.scenes.get(s).tokens.contents.map(t => ({name: t.name, x: t.x, y: t.y}))""", ids["scene"])
    assert sorted(p["name"] for p in placed) == sorted(["Lea Boy", "Metro Police Officer", "Armed Response Officer", "Paramedic",
                                                        "Firefighter", "Cabbie", "Courier", "Patient", "Suspect"])
    assert len({(p["x"], p["y"]) for p in placed}) == 9
    assert all(abs(p["x"] - 1000) <= 200 and abs(p["y"] - 500) <= 200 for p in placed)  # round the centre square
    gm_page.evaluate("canvas.pan({x: 1750, y: 250})")  # the GM looks at the top right
    window.get_by_label("Place at").select_option("view")
    window.get_by_role("button", name="Place Lea Boy").click()
    gm_page.wait_for_function("s => game.scenes.get(s).tokens.size === 10", arg=ids["scene"])
    assert gm_page.evaluate("game.actors.filter(a => a.flags['the-smoke']?.streetPerson).length") == 9
    last = gm_page.evaluate("s => game.scenes.get(s).tokens.contents.at(-1)", ids["scene"])
    assert (last["name"], last["x"], last["y"]) == ("Lea Boy", 1700, 200)
    window.get_by_label("Police units for").select_option("2")
    window.get_by_role("button", name="Call in units").click()
    gm_page.wait_for_function("s => game.scenes.get(s).tokens.filter(t => t.flags['the-smoke']?.unit).length === 3", arg=ids["scene"])

    gm_page.evaluate("game.system.api.requestGM('street.event', {roll: 8})")
    expect(gm_page.locator("#chat-log .smoke-street-event").last).to_contain_text("Mare Street: Market, Night.")
    expect(gm_page.locator("#chat-log .smoke-street-event").last).to_contain_text("Narrative: the GM plays it.")
    assert ask(player1_page, "street.set", {"sceneId": ids["scene"], "time": "day"}) == GM_ONLY
    assert ask(player1_page, "street.place", {"people": []}) == GM_ONLY
    assert ask(gm_page, "street.set", {"sceneId": ids["scene"], "profile": "moon"}) == \
        'A street profile and a time of day from the lists are needed (got "moon", "night").'
    forged = player1_page.evaluate("""async s => { try { await game.scenes.get(s)?.update({'flags.the-smoke.street.time': 'day'});
        return 'written'; } catch (e) { return 'refused'; } }""", ids["scene"])
    assert forged == "refused" or gm_page.evaluate("s => game.scenes.get(s).flags['the-smoke'].street.time", ids["scene"]) == "night"
    assert gm_page.evaluate("s => game.scenes.get(s).flags['the-smoke'].street", ids["scene"]) == {"profile": "market", "time": "night", "rain": False}


def nicked_vexa(gm: Page, p1: Page, ids: dict) -> str:
    """Danny driving a Vexa Hatch whose plate is on record as stolen; returns the motor's id."""
    car = import_actor(gm, "vehicles", "Vexa Hatch", observer(ids["u1"]))
    gm.evaluate("""async ([s, car, danny]) => {
        await game.scenes.get(s).createEmbeddedDocuments("Token", [{name: "Vexa", actorId: car, actorLink: true, x: 300, y: 300}]);
        await game.system.api.requestGM("vehicle.board", {vehicleUuid: `Actor.${car}`, actorUuid: `Actor.${danny}`, seat: "driver"});
        const { plateStolen } = await import("/systems/the-smoke/module/documents/heat/units.mjs");
        await plateStolen(game.actors.get(car));
    }""", [ids["scene"], car, ids["danny"]])
    return car


def test_anpr_in_a_nicked_motor_is_one_heat_once_and_a_passing_patrol_pings_it_once(gm_page: Page, player1_page: Page):
    """ANPR Ping for Danny in a nicked Vexa: +1 Heat (0 → 1) and the card says so; the event run again is a new
    reading. A Patrol cruises past (d20 2) pings every nicked motor on the scene: a double click raises Heat once."""
    ids = danny_on_scene(gm_page, player1_page)
    nicked_vexa(gm_page, player1_page, ids)
    window = street_window(gm_page)
    window.get_by_role("checkbox", name='Danny "Tealeaf" Doyle').check()
    window.get_by_role("button", name="Run ANPR Ping").dblclick()
    player1_page.wait_for_function(HEAT.replace("system.heat", "system.heat === 1"), arg=ids["danny"])
    expect(gm_page.locator("#chat-log .smoke-street-event.police").last).to_contain_text("Vexa Hatch: the plate is hot — +1 Heat to 1 aboard.")
    gm_page.wait_for_timeout(600)
    assert gm_page.evaluate(HEAT, ids["danny"]) == 1
    assert gm_page.evaluate("() => game.messages.contents.filter(m => m.flags['the-smoke']?.policeEvent).length") == 1

    gm_page.evaluate("game.system.api.requestGM('street.event', {roll: 2})")
    card = gm_page.locator("#chat-log .smoke-street-event").last
    card.get_by_role("button", name="Ping every nicked motor here").dblclick()
    expect(card).to_contain_text("Vexa Hatch: the plate is hot — +1 Heat to 1 aboard.")
    gm_page.wait_for_timeout(600)
    assert gm_page.evaluate(HEAT, ids["danny"]) == 2


def test_a_stop_and_search_that_fails_finds_the_knife_and_adds_one_heat(gm_page: Page, player1_page: Page, player2_page: Page):
    """Danny (Front d6, Savvy d6, Effort d6) with a Kitchen Knife: his card offers Hide your gear (Savvy, Medium: TN 10)
    or Talk it down (Front, Hard at 0 stars: TN 12), only to Player One. The GM reloads; he talks, rolls 1 and 2 (+3):
    6, Proper Mess: searched, the knife seized, +1 Heat. The other button is gone; its roll claimed anyway is refused."""
    ids = danny_on_scene(gm_page, player1_page)
    add_from_pack(gm_page, ids["danny"], "weapons", "Kitchen Knife")
    window = street_window(gm_page)
    window.get_by_role("checkbox", name='Danny "Tealeaf" Doyle').check()
    window.get_by_role("button", name="Run Stop and Search").click()
    card = player1_page.locator("#chat-log .smoke-street-event.police").last
    expect(card.get_by_role("button", name="Hide your gear: roll Savvy (TN 10)")).to_be_visible()
    expect(card.get_by_role("button", name="Talk it down: roll Front (TN 12)")).to_be_visible()
    expect(player2_page.locator("#chat-log .smoke-street-event.police")).to_have_count(0)
    expect(gm_page.locator("#chat-log .smoke-street-event.police").last.get_by_role("button")).to_have_count(0)
    gm_page.reload()  # the check is the GM store's, not the GM's memory: it survives a reload
    gm_page.wait_for_function("() => window.game?.ready")
    hide_roll = gm_page.evaluate("""() => game.settings.get('the-smoke', 'policeEvents')""")
    hide_roll = next(iter(hide_roll.values()))["entries"][0]["options"][0]["rollId"]
    roll_police(player1_page, "Talk it down: roll Front (TN 12)", [(1, 6), (2, 6)])
    gm_card = gm_page.locator("#chat-log .smoke-street-event.police").last
    expect(gm_card).to_contain_text("Front: 6 / TN 12 — Proper Mess")
    expect(gm_card).to_contain_text("Seized: Kitchen Knife.")
    expect(gm_card).to_contain_text("Weapon or drugs found: +1 Heat (now 1★).")
    player1_page.wait_for_function(HEAT.replace("system.heat", "system.heat === 1"), arg=ids["danny"])
    assert gm_page.evaluate("id => game.actors.get(id).items.some(i => i.name === 'Kitchen Knife')", ids["danny"]) is False
    expect(player1_page.locator("#chat-log .smoke-street-event.police").last.get_by_role("button")).to_have_count(0)
    # the other check's roll, rolled and claimed by hand: refused (one of the two counts)
    player1_page.evaluate(SEED_DICE, [(3, 6), (3, 6)])
    err = player1_page.evaluate("""async ([id, rollId]) => {
        const actor = game.actors.get(id);
        const { rollCheck } = await import("/systems/the-smoke/module/documents/check.mjs");
        const m = await rollCheck(actor, "sav", {tnSource: "fixed", tn: 10, band: "medium", hustle: 0, perk: null, situational: 0}, {flags: {rollId}});
        try { await game.system.api.requestGM("street.police.claim", {rollId, messageId: m.id}); return null; } catch (e) { return e.message; }
    }""", [ids["danny"], hide_roll])
    assert err == 'Danny "Tealeaf" Doyle has already rolled for this.'
    assert gm_page.evaluate(HEAT, ids["danny"]) == 1


def test_a_knock_at_the_door_with_a_warrant_ends_busted_once(gm_page: Page, player1_page: Page, player2_page: Page):
    """Danny is known to police 3: a warrant, and a stop played at Wanted (Long Shot: Front d6 → TN 17). He fails
    (1 and 1, +3: 5): Busted — custody, Heat 0, £40 of his £40 pocket. Player Two claiming Danny's roll is refused; a
    card Danny rolls himself for the Savvy option after is refused; a player cannot run the event."""
    ids = danny_on_scene(gm_page, player1_page)
    gm_page.evaluate("id => game.actors.get(id).update({'system.relationships.police': 3})", ids["danny"])
    assert ask(player1_page, "street.police", {"key": "knock-at-the-door", "actorUuids": [f"Actor.{ids['danny']}"]}) == GM_ONLY
    window = street_window(gm_page)
    window.get_by_role("checkbox", name='Danny "Tealeaf" Doyle').check()
    window.get_by_role("button", name="Run Knock at the Door").click()
    card = player1_page.locator("#chat-log .smoke-street-event.police").last
    expect(card).to_contain_text('Danny "Tealeaf" Doyle is known to police (3): they have a warrant.')
    expect(card.get_by_role("button", name="Talk it down: roll Front (TN 17)")).to_be_visible()
    expect(card.get_by_role("button", name="Talk it down: roll Savvy (TN 17)")).to_be_visible()
    pocket = gm_page.evaluate("id => game.actors.get(id).system.cash.pocket", ids["danny"])
    roll_police(player1_page, "Talk it down: roll Front (TN 17)", [(1, 6), (1, 6)])
    gm_card = gm_page.locator("#chat-log .smoke-street-event.police").last
    expect(gm_card).to_contain_text("Front: 5 / TN 17 — Proper Mess")
    expect(gm_card).to_contain_text("they have a warrant: Busted.")
    gm_page.wait_for_function("id => game.system.api.heat.custodyOf(game.actors.get(id))?.open === true", arg=ids["danny"])
    assert gm_page.evaluate(HEAT, ids["danny"]) == 0
    loss = min(pocket, max(100, round(pocket * 0.2)))
    assert gm_page.evaluate("id => game.actors.get(id).system.cash.pocket", ids["danny"]) == pocket - loss
    # Player Two cannot claim Danny's other roll, nor can Danny once one counted
    rec = next(iter(gm_page.evaluate("game.settings.get('the-smoke', 'policeEvents')").values()))
    other = rec["entries"][0]["options"][1]["rollId"]
    claim = """async ([id, rollId, stat]) => {
        const { rollCheck } = await import("/systems/the-smoke/module/documents/check.mjs");
        const m = await rollCheck(game.actors.get(id), stat, {tnSource: "fixed", tn: 17, band: "longShot", hustle: 0, perk: null, situational: 0}, {flags: {rollId}});
        try { await game.system.api.requestGM("street.police.claim", {rollId, messageId: m.id}); return null; } catch (e) { return e.message; }
    }"""
    player1_page.evaluate(SEED_DICE, [(3, 6), (3, 6)])
    assert player1_page.evaluate(claim, [ids["danny"], other, "sav"]) == 'Danny "Tealeaf" Doyle has already rolled for this.'
    assert gm_page.evaluate("id => game.system.api.heat.custodyOf(game.actors.get(id)).loss", ids["danny"]) == loss
    assert ask(player2_page, "street.police.claim", {"rollId": other, "messageId": "nope"}) in (
        'Danny "Tealeaf" Doyle has already rolled for this.', "That police check is no longer on record (the GM keeps the last 30 police events).")


def test_a_players_hand_made_cards_and_claims_are_refused_and_ds_vale_applies_once(gm_page: Page, player1_page: Page,
                                                                                 player2_page: Page):
    """A player's own card dressed as a street event gets no button on the GM's chat; Player Two claiming Danny's roll
    with a card of her own is refused. DS Vale: Danny rolls Bottle (Don't Grass, Hard: d4 → TN 10) and fails
    (1 and 1, +2: 4): known to police +1, once (the same roll claimed again is refused); his Savvy roll (Read the
    Room, Medium: TN 10) on 5 and 4 (+3: 12) is one question."""
    ids = danny_on_scene(gm_page, player1_page)
    u2 = player2_page.evaluate("game.user.id")
    jaz = import_actor(gm_page, "pregens", "Jaz Kaur", {"ownership": {u2: 3}})
    player2_page.wait_for_function("id => !!game.actors.get(id)", arg=jaz)
    r = gm_page.evaluate("game.system.api.requestGM('street.event', {roll: 1})")
    player2_page.evaluate("""id => ChatMessage.create({content: `<div class="smoke-street-event forged"><button type="button"
        data-smoke-street-follow="${id}">Place 2 × Lea Boy</button></div>`, flags: {'the-smoke': {streetEvent: {id}}}})""", r["id"])
    forged = gm_page.locator("#chat-log .smoke-street-event.forged")
    expect(forged).to_have_count(1)
    expect(forged.get_by_role("button")).to_have_count(0)

    window = street_window(gm_page)
    window.get_by_role("checkbox", name='Danny "Tealeaf" Doyle').check()
    window.get_by_role("button", name="Run DS Vale Drops By").click()
    card = player1_page.locator("#chat-log .smoke-street-event.police").last
    expect(card.get_by_role("button", name="Keep your story: roll Bottle (TN 10)")).to_be_visible()
    expect(card.get_by_role("button", name="Work out what she knows: roll Savvy (TN 10)")).to_be_visible()
    rec = next(iter(gm_page.evaluate("game.settings.get('the-smoke', 'policeEvents')").values()))
    story = rec["entries"][0]["options"][0]["rollId"]
    player2_page.evaluate(SEED_DICE, [(6, 6), (6, 6), (1, 6), (1, 6)])
    err = player2_page.evaluate("""async ([jaz, rollId]) => {
        const { rollCheck } = await import("/systems/the-smoke/module/documents/check.mjs");
        const m = await rollCheck(game.actors.get(jaz), "btl", {tnSource: "fixed", tn: 10, band: "hard", hustle: 0, perk: null, situational: 0}, {flags: {rollId}});
        try { await game.system.api.requestGM("street.police.claim", {rollId, messageId: m.id}); return null; } catch (e) { return e.message; }
    }""", [jaz, story])
    assert err == "That card is not the roll this request was checked for: it does not count."
    # the forged claim leaves the issued roll alone (claimRoll forgets a roll only for its own card): Danny still rolls
    roll_police(player1_page, "Keep your story: roll Bottle (TN 10)", [(1, 6), (1, 4)])
    gm_card = gm_page.locator("#chat-log .smoke-street-event.police").last
    expect(gm_card).to_contain_text('Danny "Tealeaf" Doyle lets something slip.')
    expect(gm_card).to_contain_text('Danny "Tealeaf" Doyle is now known to police 1.')
    assert gm_page.evaluate("id => game.actors.get(id).system.relationships.police", ids["danny"]) == 1
    roll_police(player1_page, "Work out what she knows: roll Savvy (TN 10)", [(5, 6), (4, 6)])
    expect(gm_card).to_contain_text("ask the GM one question")
    message = gm_page.evaluate("() => game.messages.contents.filter(m => m.flags['the-smoke']?.policeEvent).at(-1).id")
    assert ask(player1_page, "street.police.claim", {"rollId": story, "messageId": message}) in (
        'Danny "Tealeaf" Doyle has already rolled for this.', "That police check is no longer on record (the GM keeps the last 30 police events).")
    assert gm_page.evaluate("id => game.actors.get(id).system.relationships.police", ids["danny"]) == 1


def test_a_sudden_downpour_makes_wheels_checks_one_band_harder_until_it_stops(gm_page: Page, player1_page: Page):
    """d20 9: its button sets the scene raining (shown in the window); a Drive Like You Stole It request for Danny
    (Effort d6, Wheels d4, on foot) is Hard's 10 instead of Medium's 8; his Savvy checks are unchanged; the chase
    gauge's Medium check for the motor he drives is at Hard's TN; the rain stops from the window and both are back
    to Medium."""
    ids = danny_on_scene(gm_page, player1_page)
    gm_page.evaluate("""([s, d]) => game.scenes.get(s).createEmbeddedDocuments("Token", [{name: "Danny", actorId: d, actorLink: true,
        x: 100, y: 100}])""", [ids["scene"], ids["danny"]])
    send = """([d, key]) => game.system.api.requestGM("gm.request.send", {kind: "check", key, actorUuids: [`Actor.${d}`]})
        .then(r => r.entries[0].options.map(o => o.tn))"""
    assert gm_page.evaluate(send, [ids["danny"], "drive-like-you-stole-it"]) == [8]
    window = street_window(gm_page)
    gm_page.evaluate("game.system.api.requestGM('street.event', {roll: 9})")
    card = gm_page.locator("#chat-log .smoke-street-event").last
    card.get_by_role("button", name="Start the rain").click()
    expect(card).to_contain_text("Raining on Mare Street: Wheels rolls are one band harder until the GM stops it.")
    expect(window).to_contain_text("Sudden downpour: Wheels rolls are one band harder until it stops.")
    assert gm_page.evaluate(send, [ids["danny"], "drive-like-you-stole-it"]) == [10]
    assert gm_page.evaluate(send, [ids["danny"], "read-the-room"]) == [10]  # Savvy d6, Medium: unchanged
    # the chase gauge's check for his motor: the Vexa's printed Performance with his Wheels d4, Medium → Hard
    car = nicked_vexa(gm_page, player1_page, ids)
    gauge = """async car => {
        const { rollerFor } = await import("/systems/the-smoke/module/documents/chase/gauge.mjs");
        const { bandTN } = await import("/systems/the-smoke/module/rules/check.mjs");
        const v = game.actors.get(car);
        const perf = v.system.adjusted.printedPerformance;
        return [rollerFor(game.user, v, "medium").tn, bandTN(perf, 4, "medium"), bandTN(perf, 4, "hard")];
    }"""
    tn, medium, hard = gm_page.evaluate(gauge, car)
    assert (tn, medium < hard) == (hard, True)
    window.get_by_role("button", name="The rain stops").click()
    gm_page.wait_for_function("s => game.scenes.get(s).flags['the-smoke'].street.rain === false", arg=ids["scene"])
    tn, medium, _ = gm_page.evaluate(gauge, car)
    assert tn == medium
    # behind the wheel Drive Like You Stole It uses the Vexa's Performance: Medium again, out of the rain
    assert gm_page.evaluate(send, [ids["danny"], "drive-like-you-stole-it"]) == [medium]


def test_kezs_tip_becomes_a_pats_order_and_the_ice_cream_van_is_parked(gm_page: Page, player1_page: Page):
    """d20 3: Kez's tip-off becomes an open Pat's order (a Shifts callout on this scene) that Danny's phone lists; d20
    12: the Mister Ripple van is parked on the scene with nobody aboard; d20 19: the Stray Bullet hazard is announced
    to everyone; narrative events carry no button."""
    ids = danny_on_scene(gm_page, player1_page)
    gm_page.evaluate("game.system.api.requestGM('street.event', {roll: 3})")
    card = gm_page.locator("#chat-log .smoke-street-event").last
    card.get_by_role("button", name="Make Kez's tip a Pat's order").click()
    expect(card).to_contain_text("Kez's tip is a Pat's order now")
    order = gm_page.evaluate("() => Object.values(game.settings.get('the-smoke', 'callouts')).at(-1)")
    assert (order["shift"], order["status"], order["destinations"][0]["sceneId"]) == ("patOrder", "open", ids["scene"])
    assert order["name"].startswith("Kez texts a tip-off: ")
    player1_page.wait_for_function("id => game.system.api.shifts.jobsOf(game.actors.get(id)).callouts.length === 1", arg=ids["danny"])

    gm_page.evaluate("game.system.api.requestGM('street.event', {roll: 12})")
    card = gm_page.locator("#chat-log .smoke-street-event").last
    card.get_by_role("button", name="Park the Mister Ripple ice cream van here").click()
    gm_page.wait_for_function("s => game.scenes.get(s).tokens.some(t => t.actor?.type === 'vehicle')", arg=ids["scene"])
    expect(card).to_contain_text("The Mister Ripple ice cream van is parked on Mare Street, nobody aboard.")

    gm_page.evaluate("game.system.api.requestGM('street.event', {roll: 19})")
    card = gm_page.locator("#chat-log .smoke-street-event").last
    card.get_by_role("button", name="Start the hazard: Stray Bullet").click()
    expect(player1_page.locator("#chat-log .smoke-gm-hazard").last).to_contain_text("Stray Bullet")
    gm_page.evaluate("game.system.api.apps.GMScreen.instance?.close()")

    gm_page.evaluate("game.system.api.requestGM('street.event', {roll: 4})")
    card = gm_page.locator("#chat-log .smoke-street-event").last
    expect(card).to_contain_text("Narrative: the GM plays it.")
    expect(card.get_by_role("button")).to_have_count(0)


def test_india_99_overhead_names_who_it_sees(gm_page: Page, player1_page: Page):
    """India 99 Overhead: Danny at 3 stars on the street is seen; under a roofed Region (the-smoke.indoors) he is not;
    at 2 stars nobody is."""
    ids = danny_on_scene(gm_page, player1_page)
    gm_page.evaluate("""([s, d]) => game.scenes.get(s).createEmbeddedDocuments("Token", [{name: "Danny", actorId: d, actorLink: true,
        x: 100, y: 100}])""", [ids["scene"], ids["danny"]])
    run = """d => game.system.api.requestGM("street.police", {key: "india-99-overhead", actorUuids: [`Actor.${d}`]}).then(r => r.lines)"""
    gm_page.evaluate("id => game.system.api.requestGM('heat.set', {actorUuid: `Actor.${id}`, stars: 3})", ids["danny"])
    assert gm_page.evaluate(run, ids["danny"]) == ['Danny "Tealeaf" Doyle (3★) is outdoors: India 99 sees them.']
    gm_page.evaluate("""s => game.scenes.get(s).createEmbeddedDocuments("Region", [{name: "Arches", shapes: [{type: "rectangle",
        x: 0, y: 0, width: 400, height: 400}], behaviors: [{name: "Roof", type: "the-smoke.indoors"}]}])""", ids["scene"])
    gm_page.wait_for_function("s => game.scenes.get(s).tokens.contents[0].regions?.size > 0", arg=ids["scene"])
    not_seen = 'Danny "Tealeaf" Doyle (3★): India 99 does not see them (under 3 stars, or under a roof).'
    assert gm_page.evaluate(run, ids["danny"]) == [not_seen]
    gm_page.evaluate("s => game.scenes.get(s).regions.contents[0].delete()", ids["scene"])
    gm_page.evaluate("id => game.system.api.requestGM('heat.set', {actorUuid: `Actor.${id}`, stars: 2})", ids["danny"])
    assert gm_page.evaluate(run, ids["danny"]) == [not_seen.replace("(3★)", "(2★)")]
