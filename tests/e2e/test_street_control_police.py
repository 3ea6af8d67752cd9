"""Street Control's police events in the browser (rulebook: Police at the table): ANPR in a nicked motor +1 Heat once;
a stop and search finding a knife, rolled after a GM reload; a knock at the door with a warrant ending Busted, once;
DS Vale; India 99 Overhead; a player refused the event, another's roll, a second card and a hand-made one."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from helpers import SEED_DICE, add_from_pack, import_actor, press_twice
from helpers.street import GM_ONLY, ask, danny_on_scene, nicked_vexa, roll_police, street_window
from helpers import settle

HEAT = "id => game.actors.get(id).system.heat"


def test_anpr_in_a_nicked_motor_is_one_heat_once_and_a_passing_patrol_pings_it_once(gm_page: Page, player1_page: Page):
    """ANPR Ping for Danny in a nicked Vexa: +1 Heat (0 → 1) and the card says so; the event run again is a new
    reading. A Patrol cruises past (d20 2) pings every nicked motor on the scene: a double click raises Heat once."""
    ids = danny_on_scene(gm_page, player1_page)
    nicked_vexa(gm_page, player1_page, ids)
    window = street_window(gm_page)
    window.get_by_role("checkbox", name='Danny "Tealeaf" Doyle').check()
    press_twice(window.get_by_role("button", name="Run ANPR Ping"))
    player1_page.wait_for_function(HEAT.replace("system.heat", "system.heat === 1"), arg=ids["danny"])
    expect(gm_page.locator("#chat-log .smoke-street-event.police").last).to_contain_text("Vexa Hatch: the plate is hot — +1 Heat to 1 aboard.")
    settle(gm_page)
    assert gm_page.evaluate(HEAT, ids["danny"]) == 1
    assert gm_page.evaluate("() => game.messages.contents.filter(m => m.flags['the-smoke']?.policeEvent).length") == 1

    gm_page.evaluate("game.system.api.requestGM('street.event', {roll: 2})")
    card = gm_page.locator("#chat-log .smoke-street-event").last
    press_twice(card.get_by_role("button", name="Ping every nicked motor here"))
    expect(card).to_contain_text("Vexa Hatch: the plate is hot — +1 Heat to 1 aboard.")
    settle(gm_page)
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
        const { rollCheck } = await smokeModule("/systems/the-smoke/module/documents/core/check.mjs");
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
        const { rollCheck } = await smokeModule("/systems/the-smoke/module/documents/core/check.mjs");
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
        const { rollCheck } = await smokeModule("/systems/the-smoke/module/documents/core/check.mjs");
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
