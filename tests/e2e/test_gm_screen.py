"""The GM Screen in the browser (rulebook: GM checks; Hazards; Money › Split the fee): a check request reaching two
players, each with the TN for their own dice, the results on the GM's screen, a forged and a second card refused; a
hazard applied once, armour only where marked; a crew fee split with its remainder shown; a player refused every
GM tool."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from helpers import SEED_DICE, settle
from helpers import add_from_pack
from helpers import import_actor
from helpers.gm_screen import FORGED, GONE, name_of, open_screen, roll_from_card, two_players

def test_a_check_request_reaches_two_players_each_with_their_own_tn_and_the_gm_sees_both(
        gm_page: Page, player1_page: Page, player2_page: Page, page_errors):
    """Pick a Lock (Medium, Graft) to everyone present in two clicks: Danny (Effort d6, Graft d8) gets TN 12, Jaz
    (Graft d6) TN 10, each only their own button. Danny rolls 4 and 5 (+4): 13, Sorted; Jaz 2 and 3 (+3): 8, Bad Luck.
    The GM's results list shows both; the card shows both. With lock picks Danny's TN is Easy's 9."""
    danny, jaz = two_players(gm_page, player1_page, player2_page)
    screen = open_screen(gm_page)                                        # click 1 (the keybinding)
    screen.get_by_role("button", name="Send Pick a Lock").click()       # click 2
    for page, mine, other in ((player1_page, "Roll Graft (TN 12)", "Roll Graft (TN 10)"),
                              (player2_page, "Roll Graft (TN 10)", "Roll Graft (TN 12)")):
        card = page.locator("#chat-log .smoke-gm-request").last
        expect(card.get_by_role("button", name=mine)).to_be_visible()
        expect(card.get_by_role("button", name=other)).to_have_count(0)
    roll_from_card(player1_page, "Roll Graft (TN 12)", [(4, 6), (5, 8)])
    results = screen.locator(".smoke-gm-results")
    expect(results).to_contain_text('Danny "Tealeaf" Doyle: 13 / TN 12: Sorted')
    expect(results).to_contain_text("Jaz Kaur: waiting…")
    roll_from_card(player2_page, "Roll Graft (TN 10)", [(2, 6), (3, 6)])
    expect(results).to_contain_text("Jaz Kaur: 8 / TN 10: Bad Luck")
    card = gm_page.locator("#chat-log .smoke-gm-request").last
    expect(card).to_contain_text("13 against TN 12 — Sorted")
    expect(card).to_contain_text("8 against TN 10 — Bad Luck")
    expect(player1_page.locator("#chat-log .smoke-gm-request").last).to_contain_text("8 against TN 10 — Bad Luck")

    # The printed tweak: lock picks make it one band easier — Danny alone, Easy, TN 9.
    screen.get_by_role("checkbox", name=name_of(gm_page, danny)).check()
    screen.locator("[data-check=pick-a-lock] [data-tweak=lockPicks]").check()
    screen.get_by_role("button", name="Send Pick a Lock").click()
    card = player1_page.locator("#chat-log .smoke-gm-request").last
    expect(card).to_contain_text("Lock picks (one band easier)")
    expect(card.get_by_role("button", name="Roll Graft (TN 9)")).to_be_visible()
    assert gm_page.evaluate("""() => game.settings.get('the-smoke', 'gmRequests')""") is not None
    assert page_errors[gm_page] == [] and page_errors[player1_page] == [] and page_errors[player2_page] == []


def test_a_forged_result_card_and_a_second_roll_are_refused(gm_page: Page, player1_page: Page, player2_page: Page):
    """Spot the Old Bill (Savvy or Moves) to Danny: a hand-made card with the right roll id and a Legendary written on
    it is refused; Player Two cannot claim Danny's roll; the real roll counts once and the other stat's button is a
    second roll, refused; the result on the GM's side is the card's own dice."""
    danny, _ = two_players(gm_page, player1_page, player2_page)
    sent = gm_page.evaluate("""async id => game.system.api.requestGM("gm.request.send",
        {kind: "check", key: "spot-the-old-bill", actorUuids: [`Actor.${id}`]})""", danny)
    bad = gm_page.evaluate("""async id => { try { await game.system.api.requestGM("gm.request.send", {kind: "check",
        key: "pick-a-lock", tweaks: ["toolkit"], actorUuids: [`Actor.${id}`]}); return null; } catch (e) { return e.message; } }""", danny)
    assert bad == "Pick a Lock has no such tweak (toolkit)."
    assert sent["entries"] == [{"name": 'Danny "Tealeaf" Doyle', "options": [{"stat": "sav", "tn": 10}, {"stat": "mov", "tn": 10}]}]
    # the GM's card and its request reach Player One's client first (a clean clone read them before they had arrived)
    player1_page.wait_for_function("""() => {
        const card = game.messages.contents.filter(m => m.flags['the-smoke']?.gmRequest).at(-1);
        return !!card && !!game.settings.get('the-smoke', 'gmRequests')[card.flags['the-smoke'].gmRequest.id];
    }""")
    ids = player1_page.evaluate("""() => {
        const card = game.messages.contents.filter(m => m.flags['the-smoke']?.gmRequest).at(-1);
        const req = game.settings.get('the-smoke', 'gmRequests')[card.flags['the-smoke'].gmRequest.id];
        return req.entries[0].options.map(o => o.rollId);
    }""")
    forged = player1_page.evaluate("""async ([danny, rollId]) => {
        const check = {actorId: danny, stat: "sav", tn: 5, tnSource: "fixed", total: 30, margin: 25, outcome: "legendary"};
        const m = await ChatMessage.create({content: "<p>Legendary!</p>", speaker: ChatMessage.getSpeaker({actor: game.actors.get(danny)}),
          rolls: [await new Roll("30").evaluate()], flags: {"the-smoke": {rollId, check}}});
        try { await game.system.api.requestGM("gm.request.claim", {rollId, messageId: m.id}); return null; }
        catch (e) { return e.message; }
    }""", [danny, ids[0]])
    assert forged and forged.startswith("That card does not follow from its roll")
    # Player Two rolls a real check for… their own page cannot roll Danny; a claim of Danny's roll with a card of theirs:
    stolen = player2_page.evaluate("""async rollId => {
        const m = await ChatMessage.create({content: "<p>mine</p>", flags: {"the-smoke": {rollId}}});
        try { await game.system.api.requestGM("gm.request.claim", {rollId, messageId: m.id}); return null; }
        catch (e) { return e.message; }
    }""", ids[1])
    assert stolen == FORGED
    roll_from_card(player1_page, "Roll Savvy (TN 10)", [(3, 6), (4, 6)])   # 3 + 4 + 3 = 10: Just About
    expect(gm_page.locator("#chat-log .smoke-gm-request").last).to_contain_text("10 against TN 10 — Just About")
    player1_page.evaluate(SEED_DICE, [(6, 6), (5, 6), (6, 6), (5, 6)])
    second = player1_page.evaluate("""async ([danny, rollId]) => {
        const { rollCheck, defaultChoices } = await smokeModule("/systems/the-smoke/module/documents/core/check.mjs");
        const m = await rollCheck(game.actors.get(danny), "mov", {...defaultChoices(), tnSource: "fixed", tn: 10},
          {flags: {rollId}});
        try { await game.system.api.requestGM("gm.request.claim", {rollId, messageId: m.id}); return null; }
        catch (e) { return e.message; }
    }""", [danny, ids[1]])
    assert second == 'Danny "Tealeaf" Doyle has already rolled Spot the Old Bill: a second roll does not count.'
    again = player1_page.evaluate("""async rollId => {
        const m = game.messages.contents.filter(m => m.flags['the-smoke']?.rollId === rollId && m.rolls.length).at(-1);
        try { await game.system.api.requestGM("gm.request.claim", {rollId, messageId: m.id}); return null; }
        catch (e) { return e.message; }
    }""", ids[0])
    assert again in (GONE, 'Danny "Tealeaf" Doyle has already rolled Spot the Old Bill: a second roll does not count.')
    expect(player1_page.locator("#chat-log .smoke-gm-request").last.get_by_role("button")).to_have_count(0)


def test_a_hazard_applies_once_with_armour_only_where_marked(gm_page: Page, player1_page: Page, player2_page: Page):
    """Fall from Scaffolding (Hard, Moves): Danny in a worn Stab Vest rolls 1 and 1 (+3): 5 against TN 12, Proper Mess:
    8 damage (the hazard is not marked for armour), Broken and Down — once, however often the card is claimed. Glass
    Everywhere marked for armour: Jaz in a Stab Vest rolls 2 and 3 (+3): 8 against 10, Bad Luck: 3 − 2 = 1 damage and
    Bleeding."""
    danny, jaz = two_players(gm_page, player1_page, player2_page)
    for actor in (danny, jaz):
        vest = add_from_pack(gm_page, actor, "armour", "Stab Vest")
        gm_page.evaluate("([a, i]) => game.actors.get(a).items.get(i).update({'system.worn': true})", [actor, vest])
    screen = open_screen(gm_page)                                                     # 1
    screen.get_by_role("button", name="Hazards").click()                              # 2
    screen.get_by_role("checkbox", name=name_of(gm_page, danny)).check()            # 3
    screen.get_by_role("button", name="Announce Fall from Scaffolding").click()
    announced = player1_page.locator("#chat-log .smoke-gm-hazard").last
    expect(announced).to_contain_text("Avoid it: Hard check, Moves / Grit.")
    expect(announced).to_contain_text("Proper Mess: 8 dmg · Broken, Down")
    screen.get_by_role("button", name="Roll Fall from Scaffolding").click()          # 4
    card = player1_page.locator("#chat-log .smoke-gm-request").last
    expect(card).to_contain_text("Armour does not apply (not marked).")
    roll_from_card(player1_page, "Roll Moves (TN 12)", [(1, 6), (1, 6)])
    expect(gm_page.locator("#chat-log .smoke-gm-request").last).to_contain_text("5 against TN 12 — Proper Mess")
    expect(gm_page.locator("#chat-log .smoke-gm-request").last).to_contain_text("8 damage (Health 2); Broken, Down")
    state = gm_page.evaluate("id => [game.actors.get(id).system.health.value, [...game.actors.get(id).statuses].sort()]", danny)
    assert state == [2, ["broken", "down"]]
    # Claimed again (the same card, the other stat's roll): refused, nothing applied twice.
    again = player1_page.evaluate("""async () => {
        const m = game.messages.contents.filter(m => m.flags['the-smoke']?.gmRequest?.id && m.rolls.length).at(-1);
        const req = Object.values(game.settings.get('the-smoke', 'gmRequests')).find(r => r.key === 'fall-from-scaffolding');
        const out = [];
        for (const o of req.entries[0].options) {
          try { await game.system.api.requestGM("gm.request.claim", {rollId: o.rollId, messageId: m.id}); out.push(null); }
          catch (e) { out.push(e.message); }
        }
        return out;
    }""")
    assert all(again)
    assert gm_page.evaluate("id => game.actors.get(id).system.health.value", danny) == 2

    screen.get_by_role("checkbox", name=name_of(gm_page, danny)).uncheck()
    screen.get_by_role("checkbox", name=name_of(gm_page, jaz)).check()
    screen.get_by_role("checkbox", name="Armour applies to Glass Everywhere").check()
    screen.get_by_role("button", name="Roll Glass Everywhere").click()
    expect(player2_page.locator("#chat-log .smoke-gm-request").last).to_contain_text("Armour applies (the GM marked this hazard).")
    roll_from_card(player2_page, "Roll Moves (TN 10)", [(2, 6), (3, 6)])
    expect(gm_page.locator("#chat-log .smoke-gm-request").last).to_contain_text("1 damage (Health 9); Bleeding (armour took 2)")
    assert gm_page.evaluate("id => game.actors.get(id).system.health.value", jaz) == 9


def test_a_crew_fee_is_split_with_the_remainder_shown(gm_page: Page, player1_page: Page, player2_page: Page):
    """A £100 crew fee to Danny, Jaz and Femi: £33 each (Money › Split the fee: shares rounded down), £1 left over,
    shown on the card; a per-head £20 pays each £20; a bad amount pays nobody."""
    danny, jaz = two_players(gm_page, player1_page, player2_page)
    femi = import_actor(gm_page, "pregens", "Femi Adebayo")
    uuids = [f"Actor.{a}" for a in (danny, jaz, femi)]
    before = gm_page.evaluate("ids => ids.map(id => game.system.api.money.purseOf(game.actors.get(id)).pocket)", [danny, jaz, femi])
    give = """async data => { try { return await game.system.api.requestGM("gm.reward.give", data); }
        catch (e) { return {error: e.message}; } }"""
    if not gm_page.evaluate("typeof game.system.api.rules.crewShares === 'function'"):
        # Issue 13's crewShares is not merged here: the split is refused in words and nobody is paid; then the book's
        # rule stands in for it (the same shape: {fee, participants} → {share, remainder}).
        r = gm_page.evaluate(give, {"kind": "cash", "split": "crewFee", "amount": 100, "actorUuids": uuids})
        assert r == {"error": "The crew fee split needs the money rules (crewShares), which are not loaded: pay per head instead."}
        gm_page.evaluate("""() => { game.system.api.rules.crewShares = ({fee, participants}) => {
            const share = Math.floor(fee / participants); return {share, remainder: fee - share * participants}; }; }""")
    screen = open_screen(gm_page)
    screen.get_by_role("button", name="Rewards").click()
    for a in (danny, jaz, femi):
        screen.get_by_role("checkbox", name=name_of(gm_page, a)).check()
    screen.get_by_label("Reward").select_option("cash")
    screen.get_by_label("Amount").fill("100")
    screen.get_by_label("Cash paid").select_option("crewFee")
    screen.get_by_role("button", name="Give").click()
    card = player1_page.locator("#chat-log .smoke-gm-reward").last
    expect(card).to_contain_text("Crew fee £100 split 3 ways: £33 each")
    expect(card).to_contain_text("Left over (not paid): £1.")
    after = gm_page.evaluate("ids => ids.map(id => game.system.api.money.purseOf(game.actors.get(id)).pocket)", [danny, jaz, femi])
    assert [a - b for a, b in zip(after, before)] == [33, 33, 33]
    r = gm_page.evaluate(give, {"kind": "cash", "amount": "ten", "actorUuids": uuids})
    assert r == {"error": 'Cash: "ten" is not an amount it allows (a whole number; relationships may be negative, never 0).'}
    r = gm_page.evaluate(give, {"kind": "cash", "amount": 20, "actorUuids": uuids[:2]})
    assert r["lines"] == ['£20 each to Danny "Tealeaf" Doyle, Jaz Kaur.']
    r = gm_page.evaluate(give, {"kind": "relationship", "counter": "street", "amount": 1, "actorUuids": uuids[:1]})
    assert r["lines"] == ['Danny "Tealeaf" Doyle: Street relationship +1 (now 1).']
    final = gm_page.evaluate("ids => ids.map(id => game.system.api.money.purseOf(game.actors.get(id)).pocket)", [danny, jaz, femi])
    assert [a - b for a, b in zip(final, before)] == [53, 53, 33]


def test_a_player_cannot_open_or_act_as_the_gm_screen(gm_page: Page, player1_page: Page, player2_page: Page):
    """Player One: the screen does not open, its keybinding does nothing, and every GM request is refused; writing the
    store directly is refused by the server."""
    danny, _ = two_players(gm_page, player1_page, player2_page)
    assert player1_page.evaluate("game.system.api.apps.GMScreen.open()") is None
    player1_page.keyboard.press("Shift+KeyG")
    expect(player1_page.locator("#smoke-gm-screen")).to_have_count(0)
    errors = player1_page.evaluate("""async danny => {
        const uuid = `Actor.${danny}`;
        const tries = [["gm.request.send", {kind: "check", key: "pick-a-lock", actorUuids: [uuid]}],
          ["gm.hazard.announce", {key: "taser"}], ["gm.reward.give", {kind: "cash", amount: 1000, actorUuids: [uuid]}],
          ["gm.reward.give", {kind: "xp", xpKind: "gm", amount: 50, actorUuids: [uuid]}]];
        const out = [];
        for (const [type, data] of tries) {
          try { await game.system.api.requestGM(type, data); out.push(null); } catch (e) { out.push(e.message); }
        }
        try { await game.settings.set('the-smoke', 'gmRequests', {x: {id: "x"}}); out.push(null); } catch (e) { out.push("refused"); }
        return out;
    }""", danny)
    assert errors[:4] == ["Only a GM can do that."] * 4
    assert errors[4] == "refused"
    assert gm_page.evaluate("id => [game.actors.get(id).system.cash.pocket, game.actors.get(id).system.rep.xp]", danny) == [40, 0]
    assert gm_page.evaluate("Object.keys(game.settings.get('the-smoke', 'gmRequests'))") == []


def test_street_control_a_d20_street_event_is_whispered_to_the_gm_only(gm_page: Page, player1_page: Page,
                                                                      player2_page: Page):
    """Street Control: the d20 is a roll the system makes on the GM (seeded 6: Staffie off the lead), the card goes to
    the GMs only, and its button announces the Staffie's hazard to everyone; a chosen event says it was chosen; a
    police event's card; a Lea Boy placed on the viewed scene; a player's requests are refused."""
    danny, _ = two_players(gm_page, player1_page, player2_page)
    gm_page.evaluate("""async () => { const s = await Scene.create({name: "Estate", active: true, grid: {size: 100},
        width: 1000, height: 1000}); await s.view?.(); }""")
    gm_page.evaluate("game.system.api.apps.StreetControl.open()")
    window = gm_page.locator("#smoke-street-control")
    gm_page.evaluate(SEED_DICE, [(6, 20)])
    window.get_by_role("button", name="Roll a d20 street event").click()
    card = gm_page.locator("#chat-log .smoke-street-event").last
    expect(card).to_contain_text("d20: 6 — Staffie off the lead")
    expect(card).to_contain_text("It is not.")
    message = gm_page.evaluate("""() => { const m = game.messages.contents.filter(m => m.flags['the-smoke']?.streetEvent).at(-1);
        return {whisper: [...m.whisper].sort(), rolls: m.rolls.map(r => r.total)}; }""")
    gms = gm_page.evaluate("game.users.filter(u => u.isGM).map(u => u.id).sort()")
    assert message == {"whisper": gms, "rolls": []}  # not a roll message: v13 shows whispered rolls to all
    expect(player1_page.locator("#chat-log .smoke-street-event")).to_have_count(0)
    card.get_by_role("button", name="Start the hazard: Staffie on the Loose").click()
    expect(player1_page.locator("#chat-log .smoke-gm-hazard").last).to_contain_text("Staffie on the Loose")
    expect(gm_page.locator("#smoke-gm-screen")).to_be_visible()
    expect(gm_page.locator("#smoke-gm-screen [data-hazard=staffie-on-the-loose]")).to_be_visible()
    gm_page.evaluate("game.system.api.apps.GMScreen.instance.close()")

    window.get_by_label("Or choose").select_option("20")
    window.get_by_role("button", name="Post the chosen event").click()
    expect(gm_page.locator("#chat-log .smoke-street-event").last).to_contain_text("d20: 20 (chosen) — A proper opportunity")

    gm_page.evaluate("id => game.actors.get(id).update({'system.relationships.police': 3})", danny)
    r = gm_page.evaluate("""async id => game.system.api.requestGM("street.police", {key: "knock-at-the-door",
        actorUuids: [`Actor.${id}`]})""", danny)
    assert r["lines"] == ['Danny "Tealeaf" Doyle is known to police (3): they have a warrant.']
    expect(player1_page.locator("#chat-log .smoke-street-event.police").last).to_contain_text("Two officers at the flat.")
    if not gm_page.evaluate("typeof game.system.api.heat?.anprPing === 'function'"):
        r = gm_page.evaluate("""async id => game.system.api.requestGM("street.police", {key: "anpr-ping",
            actorUuids: [`Actor.${id}`]})""", danny)
        assert r["lines"] == ["Plates are read by the Heat feature, which is not loaded: apply +1 Heat by hand for a nicked motor."]

    window.get_by_role("button", name="Place Lea Boy").click()
    gm_page.wait_for_function("() => game.scenes.viewed.tokens.some(t => t.name === 'Lea Boy')")

    refused = player1_page.evaluate("""async () => {
        const out = [];
        for (const [type, data] of [["street.event", {}], ["street.police", {key: "anpr-ping"}], ["street.place", {name: "Lea Boy"}]]) {
          try { await game.system.api.requestGM(type, data); out.push(null); } catch (e) { out.push(e.message); }
        }
        return out;
    }""")
    assert refused == ["Only a GM can do that."] * 3
    assert player1_page.evaluate("game.system.api.apps.StreetControl.open()") is None


def test_come_off_the_bike_in_motorbike_leathers_does_half_damage(gm_page: Page, player1_page: Page, player2_page: Page):
    """Hazards › Come Off the Bike (Medium, Wheels / Moves; Proper Mess 7 dmg · Broken, Prone) and Armour › Motorbike
    Leathers: "coming off a bike does half damage". Danny has put on the Leathers the GM handed him: 1 and 1 on his
    Wheels is a Proper Mess, and he takes half of 7, rounded up: 4 (the card says so). Jaz carries Leathers but wears a
    Stab Vest: she takes the full 7; putting the Leathers on afterwards gives nothing back."""
    danny, jaz = two_players(gm_page, player1_page, player2_page)
    leathers = {}
    for actor, page, wear in ((danny, player1_page, ("Motorbike Leathers",)), (jaz, player2_page, ("Stab Vest",))):
        for name in ("Motorbike Leathers", "Stab Vest"):
            leathers[(actor, name)] = add_from_pack(gm_page, actor, "armour", name)
        page.wait_for_function("([a, i]) => !!game.actors.get(a)?.items.get(i)", arg=[actor, leathers[(actor, wear[0])]])
        page.evaluate("([a, i]) => game.actors.get(a).items.get(i).update({'system.worn': true})", [actor, leathers[(actor, wear[0])]])
        gm_page.wait_for_function("([a, i]) => game.actors.get(a).items.get(i).system.worn", arg=[actor, leathers[(actor, wear[0])]])
    before = gm_page.evaluate("ids => ids.map(id => game.actors.get(id).system.health.value)", [danny, jaz])
    screen = open_screen(gm_page)
    screen.get_by_role("button", name="Hazards").click()
    for actor, page, faces in ((danny, player1_page, [(1, 6), (1, 4)]), (jaz, player2_page, [(1, 6), (1, 8)])):
        for other in (danny, jaz):
            box = screen.get_by_role("checkbox", name=name_of(gm_page, other))
            box.check() if other == actor else box.uncheck()
        screen.get_by_role("button", name="Roll Come Off the Bike").click()
        roll_from_card(page, "Roll Wheels", faces)
        expect(gm_page.locator("#chat-log .smoke-gm-request").last).to_contain_text("Proper Mess")
    danny_card = gm_page.locator("#chat-log .smoke-gm-request").nth(-2)
    expect(danny_card).to_contain_text(f"4 damage (Health {before[0] - 4}); Broken, Prone (half of 7: Motorbike Leathers, "
                                       "coming off a bike)")
    expect(gm_page.locator("#chat-log .smoke-gm-request").last).to_contain_text(f"7 damage (Health {before[1] - 7}); Broken, Prone")
    assert gm_page.evaluate("ids => ids.map(id => game.actors.get(id).system.health.value)", [danny, jaz]) == \
        [before[0] - 4, before[1] - 7]
    # Jaz's player swaps into her Leathers after the fall: nothing is given back.
    player2_page.evaluate("([a, i]) => game.actors.get(a).items.get(i).update({'system.worn': true})",
                          [jaz, leathers[(jaz, "Motorbike Leathers")]])
    settle(gm_page)
    assert gm_page.evaluate("id => game.actors.get(id).system.health.value", jaz) == before[1] - 7
