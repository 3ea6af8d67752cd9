"""More of the Combat Console in the browser: range bands from token positions, holds and cuffs, surrender, the Down
clock to Wasted with its cash rule, a combatant joining mid-round, and the simple tracker."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

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
    gm.get_by_role("button", name="Dodge").dblclick()
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
