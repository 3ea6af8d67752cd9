"""Issue 11, the fight's part: where the code departed from the book in harm, aid and the round (rulebook: Harm, aid
and recovery › First aid, At zero Health, Homerton A&E, Wasted; Conditions › Stunned, Prone, Cuffed; Distance,
ammunition and holds › Get up; When it kicks off › End a round; Items › First Aid Kit, Handcuffs). Each test's name
carries the rulebook section; a ruling says so in its name (README › Rulings)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from helpers import (P1, P2, SEED_DICE, add_from_pack, attack_as, combatant_id, console, end_round, import_pregen, make_actor, make_fight, open_sheet, reveal_with, sal_and_target, statuses)


VEHICLES_MODULE = "/systems/the-smoke/module/documents/vehicle/vehicle.mjs"


def seed_high(page: Page, formula: str) -> None:
    """Seed one less than each die's top face (no explosion): a sure success for a Medium check."""
    sizes = [int(n) for n in re.findall(r"1d(\d+)", formula)]
    page.evaluate(SEED_DICE, [(n - 1, n) for n in sizes])


def side(page: Page, actor_id: str) -> dict:
    return page.evaluate("id => game.system.api.sideOf(game.combat.combatants.find(c => c.actorId === id))", actor_id)


def health(page: Page, actor_id: str) -> int:
    return page.evaluate("id => game.actors.get(id).system.health.value", actor_id)


def test_first_aid_savvy_medium_is_rolled_with_the_medic_perk_heals_2_and_an_injury_is_treated_once(gm_page: Page, page_errors):
    """Items › First Aid Kit ("Patch Up (Savvy, Medium) … heals 2. Three uses.") and Harm, aid and recovery › First
    aid ("Roll Savvy, Medium. On a success, restore 2 Health and remove Bleeding and Hurt. Treat an injury once; a
    fresh injury allows a fresh attempt"): the roll dialog, with the Medic perk stepping Savvy up; a use either way."""
    femi = import_pregen(gm_page, "Femi Adebayo")
    kit = add_from_pack(gm_page, femi, "consumables", "First Aid Kit")
    add_from_pack(gm_page, femi, "perks", "Medic")
    gm_page.evaluate("""async id => { const a = game.actors.get(id);
        await a.update({"system.health.value": 5});
        await a.toggleStatusEffect("bleeding", {active: true}); await a.toggleStatusEffect("hurt", {active: true}); }""", femi)
    uses = lambda: gm_page.evaluate("([a, i]) => game.actors.get(a).items.get(i).system.usesLeft", [femi, kit])  # noqa: E731
    sheet = open_sheet(gm_page, femi)
    sheet.get_by_role("button", name="Use First Aid Kit").click()
    dialog = gm_page.locator(".application.roll-dialog")
    expect(dialog.get_by_label("Difficulty", exact=True)).to_contain_text("Medium")
    before = dialog.locator("code").inner_text()
    dialog.get_by_label("Perk").select_option(label="Medic (First aid and treating patients.)")
    expect(dialog.locator("code")).not_to_have_text(before)  # Savvy d6 → d8
    expect(dialog.locator("code")).to_contain_text("1d8x>=8")
    seed_high(gm_page, dialog.locator("code").inner_text())
    dialog.get_by_role("button", name="Roll", exact=True).click()
    expect(gm_page.locator("#chat-log .chat-message").last).to_contain_text("restores 2 Health")
    assert health(gm_page, femi) == 7
    assert statuses(gm_page, femi) == []
    assert uses() == 2
    # The same injury again: refused before any roll, no use spent.
    sheet.get_by_role("button", name="Use First Aid Kit").click(modifiers=["Shift"])
    expect(gm_page.locator("#notifications")).to_contain_text("treated once already")
    assert uses() == 2
    # A fresh injury allows a fresh attempt; a failure (ones) still spends the use and heals nothing.
    gm_page.evaluate("id => game.actors.get(id).update({'system.health.value': 4})", femi)
    gm_page.evaluate(SEED_DICE, [(1, 6), (1, 6)])
    sheet.get_by_role("button", name="Use First Aid Kit").click(modifiers=["Shift"])
    expect(gm_page.locator("#chat-log .chat-message").last).to_contain_text("fails to patch up")
    assert (health(gm_page, femi), uses()) == (4, 1)
    assert page_errors[gm_page] == []


def test_at_zero_health_first_aid_on_a_down_character_removes_down_and_stops_the_clock(gm_page: Page, player1_page: Page,
                                                                                      page_errors):
    """Harm, aid and recovery › At zero Health: "Someone reaching you with aid can get you back above 0 Health; remove
    Down and stop its unattended countdown" — first aid's 2 Health (0 → 2); the player's medic treats a character they
    do not own, so the write to that person goes through the GM. Three more rounds do not make them Wasted."""
    medic = make_actor(gm_page, "Medic Mo", owner=P1, system={"stats": {"sav": {"die": 8}}})
    kit = add_from_pack(gm_page, medic, "consumables", "First Aid Kit")
    bex = make_actor(gm_page, "Bex", system={"health": {"value": 0}})
    gm_page.evaluate("""async id => { const a = game.actors.get(id);
        await a.update({ownership: {default: 2}});
        await a.toggleStatusEffect("down", {active: true}); await a.toggleStatusEffect("bleeding", {active: true}); }""", bex)
    make_fight(gm_page, [bex])
    end_round(gm_page)
    end_round(gm_page)
    gm_page.wait_for_function("() => game.combat.round === 3")
    assert side(gm_page, bex)["downRounds"] == 2
    direct = player1_page.evaluate("""async id => { try { await game.actors.get(id).update({"system.health.value": 2});
        return "allowed"; } catch (e) { return e.message; } }""", bex)
    assert direct != "allowed"
    page_errors[player1_page].clear()  # that refusal was the point
    player1_page.evaluate(SEED_DICE, [(5, 6), (7, 8)])
    result = player1_page.evaluate("""async ([m, k, b]) => { const medic = game.actors.get(m);
        return medic.useItem(medic.items.get(k), {patient: game.actors.get(b), skipDialog: true}); }""", [medic, kit, bex])
    assert result["success"] is True and sorted(result["removed"]) == ["bleeding", "down"]
    gm_page.wait_for_function("id => !game.actors.get(id).statuses.has('down')", arg=bex)
    assert health(gm_page, bex) == 2
    assert side(gm_page, bex)["downRounds"] == 0
    for _ in range(3):
        end_round(gm_page)
    gm_page.wait_for_function("() => game.combat.round === 6")
    assert side(gm_page, bex)["out"] is False
    assert health(gm_page, bex) == 2
    assert page_errors[gm_page] == [] and page_errors[player1_page] == []


def test_handcuffs_cuffed_prevents_driving_the_check_is_refused(gm_page: Page, page_errors):
    """Items › Handcuffs: "The condition prevents driving" (Conditions › Cuffed: "you cannot drive"): no dialog, no
    card, a warning that says why."""
    car = gm_page.evaluate("""async () => { const p = game.packs.get("the-smoke.vehicles");
        const e = (await p.getIndex()).contents.find(x => x.name === "Metro Police Area Car");
        return (await game.actors.importFromCompendium(p, e._id, {})).id; }""")
    jaz = import_pregen(gm_page, "Jaz Kaur")
    cards = gm_page.evaluate("() => game.messages.size")
    gm_page.evaluate("""async ([car, jaz, mod]) => { const { boardVehicle, rollDriving } = await smokeModule(mod);
        await boardVehicle(game.actors.get(car), game.actors.get(jaz));
        await game.actors.get(jaz).toggleStatusEffect("cuffed", {active: true});
        window.__drive = await rollDriving(game.actors.get(car), {skipDialog: true}); }""", [car, jaz, VEHICLES_MODULE])
    expect(gm_page.locator("#notifications")).to_contain_text("Jaz Kaur is Cuffed: that prevents driving Metro Police Area Car.")
    assert gm_page.evaluate("() => window.__drive") is None
    assert gm_page.evaluate("() => game.messages.size") == cards
    expect(gm_page.locator(".application.roll-dialog")).to_have_count(0)
    assert page_errors[gm_page] == []


def test_get_up_removes_prone_as_part_of_the_move_and_the_die_stays(gm_page: Page, player1_page: Page, player2_page: Page,
                                                                     page_errors):
    """Distance, ammunition and holds › Get up: "Remove Prone by using your movement" (Conditions › Prone: "Get up
    (your move)"; When it kicks off › Read the queue: "On your die, take one action and an accompanying short move"):
    getting up spends no speed die; Alf still acts on the same 6."""
    alf = make_actor(gm_page, "Alf", owner=P1, system={"stats": {"mov": {"die": 6}}})
    bex = make_actor(gm_page, "Bex", owner=P2, system={"stats": {"mov": {"die": 6}}})
    gm_page.evaluate("id => game.actors.get(id).toggleStatusEffect('prone', {active: true})", alf)
    make_fight(gm_page, [alf, bex])
    reveal_with(gm_page, player1_page, player2_page, [6, 2], [4, 1])
    app = console(player1_page)
    app.get_by_role("button", name="Get up").click()
    gm_page.wait_for_function("id => !game.actors.get(id).statuses.has('prone')", arg=alf)
    assert [d["spent"] for d in side(gm_page, alf)["dice"]] == [None, None]
    assert gm_page.evaluate("() => game.combat.queue.current.face") == 6
    expect(gm_page.locator("#chat-log .chat-message").last).to_contain_text("Alf gets up")
    assert page_errors[gm_page] == [] and page_errors[player1_page] == []


def test_stunned_simple_tracker_ends_at_the_end_of_the_characters_next_turn_not_the_rounds(gm_page: Page, page_errors):
    """Conditions › Stunned: "In speed-dice combat remove it at the end of the round; the simple tracker uses the end
    of your next turn." Bex (turn 1) is Stunned on Alf's turn 2 of round 1; the round's end leaves it; the end of
    Bex's next turn (round 2) ends it."""
    alf = make_actor(gm_page, "Alf")
    bex = make_actor(gm_page, "Bex")
    make_fight(gm_page, [bex, alf], mode="simple")
    gm_page.evaluate("""async ([a, b]) => { const c = game.combat;
        await c.updateEmbeddedDocuments("Combatant", [{_id: c.combatants.find(x => x.actorId === b).id, initiative: 9},
          {_id: c.combatants.find(x => x.actorId === a).id, initiative: 3}]);
        await c.update({turn: 0}); }""", [alf, bex])
    assert gm_page.evaluate("() => game.combat.combatant.name") == "Bex"
    gm_page.evaluate("() => game.combat.nextTurn()")  # Bex's turn 1 ends
    gm_page.wait_for_function("() => game.combat.combatant?.name === 'Alf'")
    gm_page.evaluate("id => game.actors.get(id).toggleStatusEffect('stunned', {active: true})", bex)  # on Alf's turn
    gm_page.evaluate("() => game.combat.nextTurn()")  # Alf's turn ends, and round 1
    gm_page.wait_for_function("() => game.combat.round === 2 && game.combat.combatant?.name === 'Bex'")
    assert "stunned" in statuses(gm_page, bex), "the round's end does not end it in the simple tracker"
    gm_page.evaluate("() => game.combat.nextTurn()")  # Bex's next turn ends
    gm_page.wait_for_function("id => !game.actors.get(id).statuses.has('stunned')", arg=bex)
    expect(gm_page.locator("#chat-log .chat-message").last).to_contain_text("Bex: Stunned ends.")
    assert page_errors[gm_page] == []


def test_end_a_round_the_down_clock_ruling_counts_a_bleeding_down_like_an_attack_down(gm_page: Page, page_errors):
    """When it kicks off › End a round: "1. Resolve ongoing harm … 3. Count a round without aid for anyone Down"
    (ruling: step 3 counts everyone Down then): Alf, Down at 0 from an attack, and Bex, bled from 1 to 0 in step 1,
    both have 1 round counted."""
    alf = make_actor(gm_page, "Alf", system={"health": {"value": 3}})
    bex = make_actor(gm_page, "Bex", system={"health": {"value": 1}})
    gm_page.evaluate("id => game.actors.get(id).toggleStatusEffect('bleeding', {active: true})", bex)
    make_fight(gm_page, [alf, bex])
    gm_page.evaluate("""async id => { const { applyHealthLoss } = await smokeModule("/systems/the-smoke/module/documents/fight/combat.mjs");
        await applyHealthLoss(game.actors.get(id), 3); }""", alf)  # the attack's damage
    end_round(gm_page)
    gm_page.wait_for_function("() => game.combat.round === 2")
    assert "down" in statuses(gm_page, alf) and "down" in statuses(gm_page, bex)
    assert (side(gm_page, alf)["downRounds"], side(gm_page, bex)["downRounds"]) == (1, 1)
    assert page_errors[gm_page] == []


def test_wasted_wakes_at_homerton_ae_with_health_restored_and_injuries_cleared_broken_stays(gm_page: Page, page_errors):
    """Harm, aid and recovery › Wasted ("You wake at Homerton A&E. Clear Heat and resolve the hospital reset. Lose 10%
    of pocket cash … minimum of £50") and Homerton A&E ("restores Health and clears the usual treatable injuries.
    Broken is set, but remains"): £800 → £80; Health back to the maximum; Down and Bleeding gone, Broken kept."""
    alf = make_actor(gm_page, "Alf", system={"health": {"value": 0}, "cash": {"pocket": 800}, "heat": 2})
    gm_page.evaluate("""async id => { const a = game.actors.get(id);
        for (const s of ["down", "bleeding", "broken"]) await a.toggleStatusEffect(s, {active: true}); }""", alf)
    make_fight(gm_page, [alf])
    cid = combatant_id(gm_page, alf)
    gm_page.evaluate("""async id => { const c = game.combat;
        await c.update({[`system.sides.${id}`]: {...game.system.api.sideOf(c.combatants.get(id)), downRounds: 2}}); }""", cid)
    end_round(gm_page)
    gm_page.wait_for_function("() => game.combat.round === 2")
    assert side(gm_page, alf)["out"] is True
    a = gm_page.evaluate("id => { const s = game.actors.get(id).system; return [s.health.value, s.health.max, s.cash.pocket, s.heat]; }", alf)
    assert a[0] == a[1] and a[2:] == [720, 0]
    assert statuses(gm_page, alf) == ["broken"]
    expect(gm_page.locator("#chat-log .smoke-round-end").last).to_contain_text("Homerton's reset: Alf back to")
    assert page_errors[gm_page] == []


def test_take_the_hit_or_dodge_a_refused_dodge_is_marked_does_not_count(gm_page: Page, player1_page: Page,
                                                                          player2_page: Page, page_errors):
    """Attacking and defending › Take the hit or Dodge ("Resolve a hit only once"): a Dodge rolled after the GM has
    already resolved the hit is refused, and its card says "This roll does not count" (as the chase gauge marks its
    own)."""
    sal, bex = sal_and_target(gm_page, target_owner=P2, target_kind="character")
    make_fight(gm_page, [sal, bex])
    reveal_with(gm_page, player1_page, player2_page, [6, 1], [2, 1], names=("Sal", "Bex"))
    player1_page.evaluate(SEED_DICE, [(5, 6), (7, 8)])
    attack_as(player1_page, "Bex")
    card2 = player2_page.locator("#chat-log .smoke-check-card:has(.smoke-attack)").last
    expect(card2.get_by_role("button", name="Dodge")).to_be_visible()
    attack_id = gm_page.evaluate("() => game.messages.contents.findLast(m => m.flags['the-smoke']?.attack).id")
    gm_page.evaluate("""async id => game.system.api.requestGM("attack.resolve", {messageId: id, choice: "take"})""", attack_id)
    player2_page.evaluate(SEED_DICE, [(5, 6), (5, 6)])
    player2_page.evaluate("""async id => { const { rollDodge } = await smokeModule("/systems/the-smoke/module/documents/fight/attack.mjs");
        return rollDodge(game.messages.get(id), {skipDialog: true}); }""", attack_id)
    dodge_card = player2_page.locator("#chat-log .chat-message").filter(has_text="Moves").last
    expect(dodge_card.locator(".smoke-refused")).to_contain_text("This roll does not count")
    assert page_errors[player2_page] == []


def test_earn_xp_a_mission_without_its_amount_says_so_not_got_undefined(gm_page: Page):
    """The Rep ladder › Earn XP: "mission 3–5, as printed" — an empty amount gets the award's own words."""
    femi = import_pregen(gm_page, "Femi Adebayo")
    message = gm_page.evaluate("""async id => { try { await game.actors.get(id).awardXp("mission"); return "allowed"; }
        catch (e) { return e.message; } }""", femi)
    assert message == "Mission: enter the amount first — XP (mission 3–5, GM award)."
    assert "undefined" not in message
    bad = gm_page.evaluate("""async id => { try { await game.actors.get(id).awardXp("mission", {amount: 9}); return "allowed"; }
        catch (e) { return e.message; } }""", femi)
    assert bad == "Mission: 9 is not an amount this award allows — XP (mission 3–5, GM award)."


def test_the_console_offers_a_weapons_own_options_and_get_up_only_when_prone(gm_page: Page, player1_page: Page,
                                                                            player2_page: Page, page_errors):
    """Issue 25, defect 11: Fists were offered *Burst*, *At the tyres* and *Drive-by*, and *Get up* was offered when
    not Prone. Ranges, ammunition and holds: a burst needs the burst trait; "Drive-by: a passenger fires … Shooting at
    tyres" — a weapon that fires (handgun, SMG, shotgun, rifle, launcher; not melee or thrown: our ruling)."""
    alf = make_actor(gm_page, "Alf", owner=P1, system={"stats": {"mov": {"die": 6}}})
    bex = make_actor(gm_page, "Bex", owner=P2, system={"stats": {"mov": {"die": 6}}})
    fists = add_from_pack(gm_page, alf, "weapons", "Fists")
    pistol = add_from_pack(gm_page, alf, "weapons", "Compact Pistol")
    smg = add_from_pack(gm_page, alf, "weapons", "Machine Pistol")
    make_fight(gm_page, [alf, bex])
    reveal_with(gm_page, player1_page, player2_page, [6, 2], [4, 1])
    app = console(player1_page)
    expect(app.get_by_role("button", name="Dodge")).to_be_visible()
    expect(app.get_by_role("button", name="Get up")).to_have_count(0)
    weapon = app.locator("select[name=weaponId]")
    options = {k: app.locator(f"[data-weapon-option={k}]") for k in ("burst", "tyres", "driveBy")}
    for wid, shown in ((fists, set()), (pistol, {"tyres", "driveBy"}), (smg, {"burst", "tyres", "driveBy"}), (fists, set())):
        weapon.select_option(wid)
        for k, loc in options.items():
            (expect(loc).to_be_visible() if k in shown else expect(loc).to_be_hidden())
    # the rule refuses them too, whatever a page sends (the GM's client checks the attack)
    assert player1_page.evaluate("""async () => { const { attackModifiers } = await smokeModule('/systems/the-smoke/module/rules/combat.mjs');
        try { attackModifiers({weapon: {category: 'melee', traits: [], range: 'engaged'}, band: 'engaged', tyres: true});
          return 'allowed'; } catch (e) { return e.message; } }""") == "only a weapon that fires can shoot at tyres"
    # Prone: Get up is offered
    gm_page.evaluate("id => game.actors.get(id).toggleStatusEffect('prone', {active: true})", alf)
    expect(app.get_by_role("button", name="Get up")).to_be_visible()
    assert page_errors[player1_page] == []
