"""More of the Combat Console in the browser: range bands from token positions, holds and cuffs, surrender, the Down
clock to Wasted with its cash rule, a combatant joining mid-round, and the simple tracker."""

from __future__ import annotations

import re

from helpers.core import press_twice
from playwright.sync_api import Page, expect

from helpers.record import forge, notices
from helpers import (P1, SEED_DICE, choose, combatant_id, console, end_round, fight_on_scene, gm_reveals_all, make_actor, make_fight, row, scene_with, weapon)
from helpers import settle



def gear(page: Page, name: str) -> dict:
    return page.evaluate("""async name => {
        const pack = game.packs.get("the-smoke.gear");
        const entry = (await pack.getIndex()).contents.find(e => e.name === name);
        return (await pack.getDocument(entry._id)).toObject();
    }""", name)


def test_range_bands_come_from_the_tokens(gm_page, page_errors):
    """12 squares apart is Far: a pistol (Near at most) is refused and the die is not spent; 1 square is Engaged."""
    sal = make_actor(gm_page, "Sal", system={"stats": {"mov": {"die": 4}, "aim": {"die": 8}}},
                     items=[weapon(gm_page, "Polymer Nine", magazine={"size": 15, "ammoType": "9mm", "loaded": 15}),
                            weapon(gm_page, "Cricket Bat")])
    mook = make_actor(gm_page, "Mook", kind="npc", system={"stats": {"mov": {"die": 4}}, "guard": {"value": 10},
                                                           "health": {"value": 8, "max": 8}})
    tokens = scene_with(gm_page, [(sal, 1, 1), (mook, 13, 1)])
    fight_on_scene(gm_page, tokens)
    gm_reveals_all(gm_page, [6, 2])
    app = console(gm_page)
    expect(app.get_by_label("Range band")).to_have_count(0)
    expect(app.get_by_label("Target").locator("option")).to_have_text([re.compile(r"^Mook \(Guard 10, Far, 12 squares\)$")])
    choose(app.get_by_label("Weapon"), "Polymer Nine")
    app.get_by_role("button", name="Attack", exact=True).click(modifiers=["Shift"])
    expect(gm_page.get_by_role("status").last).to_have_text("Polymer Nine reaches Near at most; Mook is Far.")
    assert gm_page.evaluate("() => game.combat.queue.current.face") == 6, "a refused attack spends nothing"
    assert gm_page.evaluate("() => game.messages.size") == 1  # the reveal card only

    gm_page.evaluate("id => canvas.scene.tokens.get(id).update({x: 200, y: 200})", tokens[mook])
    expect(app.get_by_label("Target").locator("option")).to_have_text([re.compile(r"^Mook \(Guard 10, Engaged, 1 square\)$")])
    choose(app.get_by_label("Weapon"), "Cricket Bat")
    mod = gm_page.evaluate("id => game.actors.get(id).system.stats.mus.mod", sal)
    gm_page.evaluate(SEED_DICE, [(3, 6), (2, 4)])
    app.get_by_role("button", name="Attack", exact=True).click(modifiers=["Shift"])
    card = gm_page.locator("#chat-log .smoke-check-card:has(.smoke-attack)").last
    expect(card.locator(".smoke-attack-line")).to_have_text("Cricket Bat (Impact 3) at Mook, Guard 10, Engaged, 1 square")
    expect(card.locator(".smoke-total")).to_have_text(str(3 + 2 + mod))
    assert page_errors[gm_page] == []


def test_grab_and_cuff(gm_page, player1_page, page_errors):
    alf = make_actor(gm_page, "Alf", owner=P1, system={"stats": {"mus": {"die": 10}, "mov": {"die": 6}}})
    mook = make_actor(gm_page, "Mook", kind="npc", system={"stats": {"mov": {"die": 4}}, "guard": {"value": 9},
                                                           "health": {"value": 8, "max": 8}})
    make_fight(gm_page, [alf, mook])
    player1_page.evaluate(SEED_DICE, [(6, 6), (5, 6)])
    console(player1_page).get_by_role("button", name="Roll 2 speed dice").click()
    gm_page.evaluate(SEED_DICE, [(1, 6)])
    console(gm_page).get_by_role("button", name="Reveal speed dice").click()
    app = console(player1_page)
    expect(app.locator(".smoke-act h3")).to_have_text("Alf acts on a 6")

    # Cuffing needs the target held (or Down, Restrained, Stunned, surrendered) and cuffs: neither yet.
    choose(app.get_by_label("Target"), "Mook")
    app.get_by_role("button", name="Cuff").click()
    expect(player1_page.get_by_role("status").last).to_have_text(
        "Mook must be Grabbed, Down, Restrained, Stunned or surrendered to be cuffed.")

    mod = player1_page.evaluate("id => game.actors.get(id).system.stats.mus.mod", alf)
    player1_page.evaluate(SEED_DICE, [(1, 6), (9 - 1 - mod, 10)])  # exactly the Guard: a hold
    app.get_by_role("button", name="Grab").click(modifiers=["Shift"])
    gm_page.wait_for_function("id => game.actors.get(id).statuses.has('grabbed')", arg=mook)
    mook_c = combatant_id(gm_page, mook)
    # The GM writes the Condition, then who holds whom: wait for the second write before reading it.
    gm_page.wait_for_function("id => !!game.system.api.sideOf(game.combat.combatants.get(id)).grabbedBy", arg=mook_c)
    assert gm_page.evaluate("id => game.system.api.sideOf(game.combat.combatants.get(id)).grabbedBy", mook_c) == \
        combatant_id(gm_page, alf)
    expect(row(console(gm_page), "Mook").locator(".smoke-combatant-guard")).to_have_text("7")  # Grabbed −2

    expect(app.locator(".smoke-act h3")).to_have_text("Alf acts on a 5")
    app.get_by_role("button", name="Cuff").click()
    expect(player1_page.get_by_role("status").last).to_have_text("You need handcuffs or cable ties to cuff someone.")
    gm_page.evaluate("([id, ties]) => game.actors.get(id).createEmbeddedDocuments('Item', [ties])", [alf, gear(gm_page, "Cable Ties")])
    app.get_by_role("button", name="Cuff").click()
    gm_page.wait_for_function("id => game.actors.get(id).statuses.has('cuffed')", arg=mook)
    # Cuffed: the Mook's remaining die is lost, and it has no speed dice next round.
    gm = console(gm_page)
    expect(gm.locator(".smoke-queue li.lost")).to_have_text(["1 Mook"])
    expect(gm.locator(".smoke-queue-done")).to_be_visible()
    end_round(gm_page)
    gm_page.wait_for_function("() => game.combat.round === 2")
    expect(row(gm, "Mook").locator(".smoke-hidden-dice")).to_have_text("No speed dice")
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_three_rounds_down_without_aid_is_wasted_with_the_cash_rule(gm_page, page_errors):
    """Wasted: lose 10% of pocket cash (at least £50, at most what is held); Heat cleared; out of the fight."""
    kid = make_actor(gm_page, "Kid", system={"stats": {"mov": {"die": 6}}, "health": {"value": 0}, "heat": 3,
                                              "cash": {"pocket": 800, "stash": 500}})
    gm_page.evaluate("id => game.actors.get(id).toggleStatusEffect('down', {active: true})", kid)
    make_fight(gm_page, [kid])
    gm = console(gm_page)
    expect(row(gm, "Kid").locator(".smoke-hidden-dice")).to_have_text("No speed dice")  # Down
    for rounds in (1, 2, 3):
        end_round(gm_page)
        gm_page.wait_for_function("n => game.combat.round === n + 1", arg=rounds)
    cash, heat, defeated = gm_page.evaluate("""id => [game.actors.get(id).system.cash, game.actors.get(id).system.heat,
        game.combat.combatants.find(c => c.actorId === id).defeated]""", kid)
    assert cash == {"pocket": 720, "stash": 500} and heat == 0 and defeated is True
    expect(gm_page.locator("#chat-log .smoke-round-end").last).to_contain_text(
        "Kid is Wasted: wakes at Homerton A&E, Heat cleared, £80 of pocket cash gone.")
    assert page_errors[gm_page] == []


def test_a_combatant_joining_mid_round_takes_their_place_and_nothing_resets(gm_page, page_errors):
    alf = make_actor(gm_page, "Alf", system={"stats": {"mov": {"die": 6}}})
    bex = make_actor(gm_page, "Bex", system={"stats": {"mov": {"die": 6}}})
    make_fight(gm_page, [alf, bex])
    gm_reveals_all(gm_page, [5, 3, 5, 2])
    gm = console(gm_page)
    gm.get_by_role("button", name="Done (short move)").click()
    expect(gm.locator(".smoke-queue li.current")).to_have_text("5 Bex")
    cid = make_actor(gm_page, "Cat", kind="npc", system={"stats": {"mov": {"die": 4}}})
    gm_page.evaluate(SEED_DICE, [(6, 6)])
    gm_page.evaluate("id => game.combat.createEmbeddedDocuments('Combatant', [{actorId: id}])", cid)
    expect(gm.locator(".smoke-queue li")).to_have_text(["6 Cat", "5 Alf", "5 Bex", "3 Alf", "2 Bex"])
    expect(gm.locator(".smoke-queue li.current")).to_have_text("6 Cat")
    expect(gm.locator(".smoke-queue li.spent")).to_have_text(["5 Alf"])
    gm.get_by_role("button", name="Done (short move)").click()
    expect(gm.locator(".smoke-queue li.current")).to_have_text("5 Bex")
    assert page_errors[gm_page] == []


def test_the_simple_tracker_one_action_a_turn_bleeding_at_the_end_of_that_turn(gm_page, player1_page, page_errors):
    alf = make_actor(gm_page, "Alf", owner=P1, system={"stats": {"mov": {"die": 8}}, "health": {"value": 9}})
    gm_page.evaluate("id => game.actors.get(id).toggleStatusEffect('bleeding', {active: true})", alf)
    mook = make_actor(gm_page, "Mook", kind="npc", system={"stats": {"mov": {"die": 4}}})
    make_fight(gm_page, [alf, mook], start=False)
    gm = console(gm_page)
    gm.get_by_role("button", name="Simple tracker").click()
    gm.get_by_role("button", name="Start the fight").click()
    expect(gm.locator(".smoke-console-mode")).to_have_text("Simple tracker")
    gm_page.evaluate(SEED_DICE, [(5, 6), (2, 6)])
    gm.get_by_role("button", name="Roll everyone's initiative").click()
    mod = gm_page.evaluate("id => game.actors.get(id).system.stats.mov.mod", alf)
    expect(row(gm, "Alf").locator(".smoke-initiative")).to_have_text(str(5 + mod))
    app = console(player1_page)
    expect(app.locator(".smoke-act h3")).to_have_text("Alf's turn")
    app.get_by_role("button", name="Done (short move)").click()
    gm_page.wait_for_function("() => game.combat.combatant?.name === 'Mook'")
    assert gm_page.evaluate("id => game.actors.get(id).system.health.value", alf) == 8, "Bleeding at the end of Alf's turn"
    gm.get_by_role("button", name="Done (short move)").click()
    gm_page.wait_for_function("() => game.combat.round === 2")
    assert gm_page.evaluate("id => game.actors.get(id).system.health.value", alf) == 8, "not again at the round's end"
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_surrender_loses_the_other_dice_and_stepping_back_undoes_it(gm_page, page_errors):
    alf = make_actor(gm_page, "Alf", system={"stats": {"mov": {"die": 6}}})
    bex = make_actor(gm_page, "Bex", system={"stats": {"mov": {"die": 6}}})
    make_fight(gm_page, [alf, bex])
    gm_reveals_all(gm_page, [5, 3, 5, 2])
    gm = console(gm_page)
    gm.get_by_role("button", name="Surrender").click()
    expect(gm.locator(".smoke-queue li.lost")).to_have_text(["3 Alf"])
    expect(gm.locator(".smoke-queue li.current")).to_have_text("5 Bex")
    expect(row(gm, "Alf").locator(".smoke-left")).to_have_text("0 left")
    gm.get_by_role("button", name="Step back").click()
    expect(gm.locator(".smoke-queue li.current")).to_have_text("5 Alf")
    expect(gm.locator(".smoke-queue li.lost")).to_have_count(0)
    assert gm_page.evaluate("id => game.system.api.sideOf(game.combat.combatants.find(c => c.actorId === id)).surrendered", alf) is False
    # A double click on an action spends one die, never the next combatant's.
    press_twice(gm.get_by_role("button", name="Dodge"))
    expect(gm.locator(".smoke-queue li.current")).to_have_text("5 Bex")
    settle(gm_page)
    expect(gm.locator(".smoke-queue li.spent")).to_have_text(["5 Alf"])
    # Double-clicking End round (dice left: the console asks, No keeps the round) ends one round.
    gm.get_by_role("button", name="End round").click()
    gm_page.locator("dialog[open]").get_by_role("button", name="No").click()
    assert gm_page.evaluate("() => game.combat.round") == 1
    end_round(gm_page, dbl=True)
    gm_page.wait_for_function("() => game.combat.round === 2")
    settle(gm_page)
    assert gm_page.evaluate("() => game.combat.round") == 2
    # And two requests to end the same round (two GMs at once, a macro twice): the second is refused.
    settled = gm_page.evaluate("""async () => (await Promise.allSettled([game.combat.nextRound(), game.combat.nextRound()]))
        .map(r => r.status === "fulfilled" ? "ok" : r.reason.message)""")
    assert settled == ["ok", "Round 2 is already over (now round 3)."]
    assert gm_page.evaluate("() => game.combat.round") == 3
    assert page_errors[gm_page] == []


def test_an_improvised_action_uses_a_die_and_rolls_the_agreed_stat(gm_page, player1_page, page_errors):
    """When it kicks off › Actions and intent: "A meaningful improvised action also uses a die. Tell the GM what
    changes if it works; agree a stat and target when a roll is needed." Alf (Player One, Moves d6: two dice) acts on
    his 6: Improvised with Moves spends that die (recorded on the Combat as "improvised", the GM's record) and rolls
    Effort d6 + Moves d6 + its modifier on a check card; the queue moves to the Mook's 4. Attack: on the Mook's die,
    Player One's forged requests to spend a die for Alf (not his die) or for the Mook (not theirs) are refused and
    nothing is spent."""
    alf = make_actor(gm_page, "Alf", owner=P1, system={"stats": {"mov": {"die": 6}}})
    mook = make_actor(gm_page, "Mook", kind="npc", system={"stats": {"mov": {"die": 4}}, "guard": {"value": 9},
                                                           "health": {"value": 8, "max": 8}})
    make_fight(gm_page, [alf, mook])
    player1_page.evaluate(SEED_DICE, [(6, 6), (2, 6)])
    console(player1_page).get_by_role("button", name="Roll 2 speed dice").click()
    gm_page.evaluate(SEED_DICE, [(4, 6)])
    console(gm_page).get_by_role("button", name="Reveal speed dice").click()
    app = console(player1_page)
    expect(app.locator(".smoke-act h3")).to_have_text("Alf acts on a 6")
    alf_c, mook_c = combatant_id(gm_page, alf), combatant_id(gm_page, mook)

    choose(app.get_by_label("Improvised action"), "Moves")
    mod = player1_page.evaluate("id => game.actors.get(id).system.stats.mov.mod", alf)
    player1_page.evaluate(SEED_DICE, [(3, 6), (4, 6)])
    app.get_by_role("button", name="Improvised action").click(modifiers=["Shift"])
    card = gm_page.locator("#chat-log .smoke-check-card").last
    expect(card.locator("header")).to_have_text("Alf — Moves")
    expect(card.locator(".smoke-total")).to_have_text(str(3 + 4 + mod))
    gm_page.wait_for_function("id => game.system.api.sideOf(game.combat.combatants.get(id)).dice.some(d => d.spent)", arg=alf_c)
    dice = gm_page.evaluate("id => game.system.api.sideOf(game.combat.combatants.get(id)).dice", alf_c)
    assert [(d["face"], d.get("action")) for d in dice if d.get("spent")] == [(6, "improvised")]
    expect(console(gm_page).locator(".smoke-act h3")).to_have_text("Mook acts on a 4")

    combat = gm_page.evaluate("() => game.combat.id")
    for who in (alf_c, mook_c):
        refused = player1_page.evaluate("""async ([combatId, combatantId]) => {
            const { requestGM } = await smokeModule("/systems/the-smoke/module/documents/core/requests.mjs");
            try { await requestGM("combat.spend", {combatId, combatantId, action: "improvised"}); return "allowed"; }
            catch (e) { return e.message; } }""", [combat, who])
        assert refused != "allowed", who
    page_errors[player1_page].clear()  # those refusals were the point
    assert gm_page.evaluate("() => game.combat.queue.current.face") == 4, "a refused spend spends nothing"
    spent = gm_page.evaluate("""ids => ids.map(id => game.system.api.sideOf(game.combat.combatants.get(id)).dice
        .filter(d => d.spent).length)""", [alf_c, mook_c])
    assert spent == [1, 0]
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


KIT_ENTRY = "([actor, item]) => game.settings.get('the-smoke', 'kit')[`Actor.${actor}`]?.[item]?.system?.quantity ?? null"


def test_a_thrown_weapon_spends_one_item_and_the_gms_record_counts_what_is_left(gm_page, player1_page, page_errors):
    """Ammunition: "A thrown weapon spends one item rather than a magazine round." Sal (Player One) carries three
    Bricks (thrown, Near). Each throw the GM declares takes one: 3 → 2 → 1 on the item and on the GM's record of his
    kit. Attack: Player One writes the Bricks back up to 3 on his own sheet — refused on his client, and a forged
    write past it is put back by the GM to the record's count, so the GM still counts 1; the last one thrown, a
    fourth throw is refused ("No Brick left to throw") before any die is spent.
    v13 fact relied on: an owner may update their own Actor's embedded Items (fvtt-types
    ``src/foundry/common/documents/item.d.mts``: permission ``update`` is OWNER), so the forged write reaches the server
    and the active GM puts it back."""
    bricks = weapon(gm_page, "Brick", quantity=2)
    sal = make_actor(gm_page, "Sal", owner=P1, system={"stats": {"aim": {"die": 8}, "mov": {"die": 12}}}, items=[bricks])
    mook = make_actor(gm_page, "Mook", kind="npc", system={"stats": {"mov": {"die": 4}}, "guard": {"value": 30},
                                                           "health": {"value": 8, "max": 8}})
    make_fight(gm_page, [sal, mook])
    brick_id = gm_page.evaluate("id => game.actors.get(id).items.getName('Brick').id", sal)
    assert gm_page.evaluate(KIT_ENTRY, [sal, brick_id]) == 2
    app = console(player1_page)
    player1_page.evaluate(SEED_DICE, [(6, 6), (5, 6), (4, 6)])
    row(app, "Sal").get_by_role("button", name=re.compile("Roll . speed dice")).click()
    expect(row(app, "Sal").locator(".smoke-secret .smoke-face")).to_have_count(3)
    gm_page.evaluate(SEED_DICE, [(1, 6)])
    console(gm_page).get_by_role("button", name="Reveal speed dice").click()

    def throw_brick() -> None:
        choose(app.get_by_label("Weapon"), "Brick")
        choose(app.get_by_label("Target"), "Mook")
        if app.get_by_label("Range band").count():
            app.get_by_label("Range band").select_option("near")
        player1_page.evaluate(SEED_DICE, [(1, 6), (1, 8)])  # a miss against Guard 30: nothing else to resolve
        app.get_by_role("button", name="Attack", exact=True).click(modifiers=["Shift"])

    def left() -> tuple[int, int | None]:
        return gm_page.evaluate("([a, i]) => game.actors.get(a).items.get(i).system.quantity", [sal, brick_id]), \
            gm_page.evaluate(KIT_ENTRY, [sal, brick_id])

    def wait_left(n: int) -> None:
        """Until the GM's client has both the item's quantity and its record's at ``n``: two writes, in either
        order."""
        gm_page.wait_for_function(f"""([a, i, n]) => game.actors.get(a).items.get(i).system.quantity === n
            && ({KIT_ENTRY})([a, i]) === n""", arg=[sal, brick_id, n])

    for face, after in ((6, 1),):
        expect(app.locator(".smoke-act h3")).to_have_text(f"Sal acts on a {face}")
        throw_brick()
        wait_left(after)
        assert left() == (after, after)

    # Player One puts the Bricks back up: on his own sheet it is stripped; forged past the sheet, the GM still counts
    # its record and puts the item back.
    player1_page.evaluate("([a, i]) => game.actors.get(a).items.get(i).update({'system.quantity': 3})", [sal, brick_id])
    assert player1_page.evaluate("([a, i]) => game.actors.get(a).items.get(i).system.quantity", [sal, brick_id]) == 1
    assert "Kit is the GM's record" in notices(player1_page)
    forge(player1_page, "Item", [{"_id": brick_id, "system": {"quantity": 3}}], parent=f"Actor.{sal}")
    assert gm_page.evaluate("([a, i]) => game.system.api.record.kitSystem(game.actors.get(a).items.get(i)).quantity",
                            [sal, brick_id]) == 1
    wait_left(1)
    assert left() == (1, 1)

    expect(app.locator(".smoke-act h3")).to_have_text("Sal acts on a 5")
    throw_brick()
    wait_left(0)
    assert left() == (0, 0)
    expect(app.locator(".smoke-act h3")).to_have_text("Sal acts on a 4")
    throw_brick()
    expect(player1_page.get_by_role("status").last).to_have_text("No Brick left to throw.")
    assert gm_page.evaluate("() => game.combat.queue.current.face") == 4, "a refused throw spends nothing"
    assert left() == (0, 0)
    page_errors[player1_page].clear()  # the refused writes were the point
    assert page_errors[gm_page] == []


def test_a_riot_shield_held_bars_a_two_handed_weapon(gm_page, player1_page, page_errors):
    """Armour › Riot Shield: "+3 Guard while you hold it; you cannot use a two-handed weapon." Sal (Player One) holds
    the shield the GM handed him (worn: +3 Guard, 1 reduction): his Baseball Bat (two-handed) is refused before any die
    is spent, his Kitchen Knife is not. Attack: his player forges the shield's bar away — put back, and a declare sent
    past his console is refused by the GM all the same. Put down (not worn), the bat swings.
    v13 fact relied on: an owner may update their own Actor's embedded Items (fvtt-types
    ``src/foundry/common/documents/item.d.mts``: permission ``update`` is OWNER), so the forged write reaches the server
    and the active GM puts it back."""
    sal = make_actor(gm_page, "Sal", owner=P1, system={"stats": {"mus": {"die": 8}, "mov": {"die": 12}}},
                     items=[weapon(gm_page, "Baseball Bat"), weapon(gm_page, "Kitchen Knife")])
    mook = make_actor(gm_page, "Mook", kind="npc", system={"stats": {"mov": {"die": 4}}, "guard": {"value": 30},
                                                           "health": {"value": 8, "max": 8}})
    shield = gm_page.evaluate("""async id => {
        const p = game.packs.get('the-smoke.armour');
        const e = (await p.getIndex()).contents.find(x => x.name === 'Riot Shield');
        const [made] = await game.actors.get(id).createEmbeddedDocuments('Item', [(await p.getDocument(e._id)).toObject()]);
        return made.id; }""", sal)
    player1_page.wait_for_function("([a, i]) => !!game.actors.get(a)?.items.get(i)", arg=[sal, shield])
    base = gm_page.evaluate("id => game.actors.get(id).system.guard.value", sal)
    player1_page.evaluate("([a, i]) => game.actors.get(a).items.get(i).update({'system.worn': true})", [sal, shield])
    gm_page.wait_for_function("([id, g]) => game.actors.get(id).system.guard.value === g + 3", arg=[sal, base])
    make_fight(gm_page, [sal, mook])
    app = console(player1_page)
    player1_page.evaluate(SEED_DICE, [(6, 6), (5, 6), (4, 6)])
    row(app, "Sal").get_by_role("button", name=re.compile("Roll . speed dice")).click()
    expect(row(app, "Sal").locator(".smoke-secret .smoke-face")).to_have_count(3)
    gm_page.evaluate(SEED_DICE, [(1, 6)])
    console(gm_page).get_by_role("button", name="Reveal speed dice").click()
    expect(app.locator(".smoke-act h3")).to_have_text("Sal acts on a 6")

    def swing(name: str) -> None:
        choose(app.get_by_label("Weapon"), name)
        choose(app.get_by_label("Target"), "Mook")
        if app.get_by_label("Range band").count():
            app.get_by_label("Range band").select_option("engaged")
        player1_page.evaluate(SEED_DICE, [(1, 6), (1, 8)])
        app.get_by_role("button", name="Attack", exact=True).click(modifiers=["Shift"])

    swing("Baseball Bat")
    expect(player1_page.get_by_role("status").last).to_have_text(
        "Sal holds a Riot Shield: no two-handed weapon (Baseball Bat) while it is held.")
    assert gm_page.evaluate("() => game.combat.queue.current.face") == 6, "a refused attack spends nothing"

    # Forged: the shield's bar written away, then a declare sent straight to the GM — both refused.
    forge(player1_page, "Item", [{"_id": shield, "system": {"barsWeaponTraits": []}}], parent=f"Actor.{sal}")
    gm_page.wait_for_function("([a, i]) => game.actors.get(a).items.get(i).system.barsWeaponTraits.includes('twoHanded')",
                              arg=[sal, shield])
    # Even while the GM's own copy of the shield still holds a forged bar (not yet put back), the GM reads its record.
    gm_page.evaluate("([a, i]) => game.actors.get(a).items.get(i).updateSource({'system.barsWeaponTraits': []})", [sal, shield])
    ids = gm_page.evaluate("""id => ({combatId: game.combat.id, attackerId: game.combat.combatants.find(c => c.actorId === id).id,
        targetId: game.combat.combatants.find(c => c.actorId !== id).id,
        weaponId: game.actors.get(id).items.getName('Baseball Bat').id})""", sal)
    refused = player1_page.evaluate("""async data => { try { await game.system.api.requestGM('attack.declare', {...data, band: 'engaged'});
        return 'allowed'; } catch (e) { return e.message; } }""", ids)
    assert refused == "Sal holds a Riot Shield: no two-handed weapon (Baseball Bat) while it is held."
    assert gm_page.evaluate("() => game.combat.queue.current.face") == 6

    swing("Kitchen Knife")
    expect(app.locator(".smoke-act h3")).to_have_text("Sal acts on a 5")
    # Put down: the bat swings.
    player1_page.evaluate("([a, i]) => game.actors.get(a).items.get(i).update({'system.worn': false})", [sal, shield])
    gm_page.wait_for_function("([id, g]) => game.actors.get(id).system.guard.value === g", arg=[sal, base])
    swing("Baseball Bat")
    expect(app.locator(".smoke-act h3")).to_have_text("Sal acts on a 4")
    expect(gm_page.locator("#chat-log .smoke-check-card:has(.smoke-attack) .smoke-attack-line").last).to_contain_text("Baseball Bat")
    page_errors[player1_page].clear()  # the refusals were the point
    assert page_errors[gm_page] == []


def test_a_torch_blinds_someone_front_against_their_bottle_the_gm_rolls_theirs(gm_page, player1_page, page_errors):
    """Tools and gear › Torch: "Also good for blinding someone for a moment (Front vs their Bottle)", an opposed check
    (Choosing difficulty › Opposed situations) on a die. Sal (Player One, Front d8) carries the Torch the GM handed
    him: on his 6 the console offers "Blind them (Torch)"; the GM spends the die and rolls the Mook's Bottle itself
    (4 + 5 + 3 = 12, its card says that is the TN); Sal's Front 5 + 4 + 4 = 13 meets it: the Mook is blinded for a
    moment, and the card says what that does is the GM's call (the book names no Condition). On his 5 his 6 falls
    short of 13: not blinded. Attacks: the claim replayed is refused; Jaz, whose player adds a Torch to her own sheet
    (refused) and forges one past it (removed by the GM), cannot blind anyone — refused before a die is spent.
    v13 fact relied on: ``preCreateItem`` fires only on the requesting client
    (https://foundryvtt.com/api/functions/hookEvents.preCreateDocument.html), so a forged creation reaches every
    client and the active GM removes it."""
    sal = make_actor(gm_page, "Sal", owner=P1, system={"stats": {"frt": {"die": 8}, "mov": {"die": 12}}},
                     items=[gear(gm_page, "Torch")])
    jaz = make_actor(gm_page, "Jaz", owner=P1, system={"stats": {"mov": {"die": 4}}})
    mook = make_actor(gm_page, "Mook", kind="npc", system={"stats": {"mov": {"die": 4}, "btl": {"die": 6}},
                                                           "health": {"value": 8, "max": 8}})
    make_fight(gm_page, [sal, jaz, mook])
    app = console(player1_page)
    for name, faces in (("Sal", [6, 5, 4]), ("Jaz", [1])):
        player1_page.evaluate(SEED_DICE, [(f, 6) for f in faces])
        row(app, name).get_by_role("button", name=re.compile("Roll . speed di(c)?e")).click()
        expect(row(app, name).locator(".smoke-secret .smoke-face")).to_have_count(len(faces))
    gm_page.evaluate(SEED_DICE, [(3, 6)])
    console(gm_page).get_by_role("button", name="Reveal speed dice").click()
    expect(app.locator(".smoke-act h3")).to_have_text("Sal acts on a 6")
    ids = gm_page.evaluate("""([sal, jaz, mook]) => { const c = game.combat;
        const id = a => c.combatants.find(x => x.actorId === a).id;
        return {combatId: c.id, sal: id(sal), jaz: id(jaz), mook: id(mook)}; }""", [sal, jaz, mook])

    # Jaz has no Torch on the GM's record: added on her sheet (refused), forged past it (removed), asked for (refused).
    torch = gear(player1_page, "Torch")
    assert player1_page.evaluate("([a, t]) => game.actors.get(a).createEmbeddedDocuments('Item', [t]).then(r => r.length)",
                                 [jaz, torch]) == 0
    forge(player1_page, "Item", [{**torch, "_id": "ForgedTorch00001"}], parent=f"Actor.{jaz}", operation="create")
    gm_page.wait_for_function("id => !game.actors.get(id).items.has('ForgedTorch00001')", arg=jaz)
    asked = player1_page.evaluate("""async d => { try { await game.system.api.requestGM('combat.blind.issue',
        {combatId: d.combatId, combatantId: d.jaz, targetId: d.mook}); return 'allowed'; } catch (e) { return e.message; } }""", ids)
    assert asked == "Jaz carries nothing on the GM's record to blind anyone with."
    assert gm_page.evaluate("() => game.combat.queue.current.face") == 6, "a refused blind spends nothing"

    blind = app.get_by_role("button", name="Blind them (Torch)")
    choose(app.get_by_label("Target"), "Mook")
    mod = player1_page.evaluate("id => game.actors.get(id).system.stats.frt.mod", sal)
    gm_page.evaluate(SEED_DICE, [(4, 6), (5, 6)])  # the Mook's Effort d6 and Bottle d6, rolled by the GM
    player1_page.evaluate(SEED_DICE, [(5, 6), (4, 8)])
    blind.click(modifiers=["Shift"])
    expect(gm_page.locator("#chat-log p", has_text="against Sal's Torch")).to_have_text(
        ["Mook rolls Bottle against Sal's Torch: 12 is the TN."])
    card = gm_page.locator("#chat-log .smoke-blind-card").last
    expect(card).to_contain_text(f"Sal blinds Mook for a moment with the Torch (Front {5 + 4 + mod} against Bottle 12).")
    expect(card).to_contain_text("What a moment's blindness does to them is the GM's call: the book names no Condition for it.")
    check = gm_page.locator("#chat-log .smoke-check-card").last
    expect(check.locator(".smoke-tn")).to_have_text("12")
    dice = gm_page.evaluate("id => game.system.api.sideOf(game.combat.combatants.get(id)).dice", ids["sal"])
    assert [(d["face"], d.get("action")) for d in dice if d.get("spent")] == [(6, "blind")]

    # The same card claimed again: refused, nothing posted twice.
    replay = player1_page.evaluate("""async () => {
        const m = game.messages.contents.filter(m => m.flags['the-smoke']?.rollId && m.flags['the-smoke']?.check).at(-1);
        try { await game.system.api.requestGM('combat.blind.claim', {rollId: m.flags['the-smoke'].rollId, messageId: m.id});
          return 'allowed'; } catch (e) { return e.message; } }""")
    assert replay != "allowed"
    expect(gm_page.locator("#chat-log .smoke-blind-card")).to_have_count(1)

    expect(app.locator(".smoke-act h3")).to_have_text("Sal acts on a 5")
    gm_page.evaluate(SEED_DICE, [(5, 6), (5, 6)])  # 13
    player1_page.evaluate(SEED_DICE, [(1, 6), (1, 8)])
    app.get_by_role("button", name="Blind them (Torch)").click(modifiers=["Shift"])
    card = gm_page.locator("#chat-log .smoke-blind-card").last
    expect(card).to_contain_text(f"Mook is not blinded (Front {1 + 1 + mod} against Bottle 13).")
    expect(card).not_to_contain_text("GM's call")
    page_errors[player1_page].clear()  # the refusals were the point
    assert page_errors[gm_page] == []
