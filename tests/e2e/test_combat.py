"""The Combat Console in the browser (rulebook: When it kicks off; Attacking and defending; Harm, aid and recovery):
secret speed dice, the reveal, the queue and its tie-break, actions on a die, Take hit / Dodge, the end of a round
once however many GMs are connected, and a player's write refused unless the GM's client makes it."""

from __future__ import annotations


from playwright.sync_api import Page, expect

from helpers import (MAKE_MAP, P1, P2, PLACE, SEED_DICE, attack_as, combatant_id, console, end_round, make_actor, make_fight, reveal_with, row, sal_and_target)
from helpers import settle



def frames_log(page: Page) -> list[str]:
    """Every WebSocket frame this page receives from now on."""
    log: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: log.append(str(payload))))
    return log


def two_players_fight(gm: Page, *, moves: int = 6) -> tuple[str, str, str]:
    alf = make_actor(gm, "Alf", owner=P1, system={"stats": {"mov": {"die": moves}}})
    bex = make_actor(gm, "Bex", owner=P2, system={"stats": {"mov": {"die": moves}}})
    return alf, bex, make_fight(gm, [alf, bex])


def test_secret_dice_never_reach_another_browser_before_the_reveal(gm_page, player1_page, player2_page, page_errors):
    alf, bex, _ = two_players_fight(gm_page)
    p2_frames = frames_log(player2_page)
    gm_frames = frames_log(gm_page)
    app1 = console(player1_page)
    player1_page.evaluate(SEED_DICE, [(5, 6), (3, 6)])
    row(app1, "Alf").get_by_role("button", name="Roll 2 speed dice").click()
    expect(row(app1, "Alf").locator(".smoke-secret .smoke-face")).to_have_text(["5", "3"])

    app2 = console(player2_page)
    expect(row(app2, "Alf").locator(".smoke-hidden-dice")).to_have_text("2 dice, hidden")
    expect(row(app2, "Alf").locator(".smoke-face")).to_have_count(0)
    expect(row(app2, "Alf").get_by_role("button")).to_have_count(0)
    # Not in the other player's documents, flags, chat, storage or anything the server sent: nothing was sent at all.
    leak = player2_page.evaluate("""() => ({
        combatant: JSON.stringify(game.combat.combatants.contents.map(c => c.toObject())),
        messages: game.messages.size, storage: JSON.stringify(sessionStorage)})""")
    assert '"face"' not in leak["combatant"] and leak["messages"] == 0 and "5" not in leak["storage"]
    settle(gm_page)
    assert not [f for f in p2_frames + gm_frames if '"faces"' in f or "speedDice" in f], "dice left the roller's browser"

    p2_frames.clear()
    gm_page.evaluate(SEED_DICE, [(4, 6), (1, 6)])  # Bex never rolled: her client rolls when the GM asks
    player2_page.evaluate(SEED_DICE, [(4, 6), (1, 6)])
    console(gm_page).get_by_role("button", name="Reveal speed dice").click()
    expect(row(app2, "Alf").locator(".smoke-combatant-dice .smoke-face")).to_have_text(["5", "3"])
    expect(row(app2, "Bex").locator(".smoke-combatant-dice .smoke-face")).to_have_text(["4", "1"])
    assert not [f for f in p2_frames if '"faces"' in f], "player 2 received player 1's query reply"
    for page in (gm_page, player1_page, player2_page):
        assert page_errors[page] == []


def test_queue_tie_break_and_spending_for_a_5_3_and_b_5_2(gm_page, player1_page, player2_page, page_errors):
    """A [5, 3] and B [5, 2], both PCs with Moves d6: the 5s tie and go alphabetically → A5, B5, A3, B2."""
    alf, bex, combat_id = two_players_fight(gm_page)
    reveal_with(gm_page, player1_page, player2_page, [5, 3], [5, 2])
    for page in (gm_page, player1_page, player2_page):
        app = console(page)
        expect(app.locator(".smoke-queue li")).to_have_text(["5 Alf", "5 Bex", "3 Alf", "2 Bex"])
        expect(app.locator(".smoke-queue li.current")).to_have_text("5 Alf")
    assert gm_page.evaluate("() => game.combat.combatant.name") == "Alf"
    assert gm_page.evaluate("() => game.combat.turns.map(c => c.initiative)") == [5, 5]

    # Bex cannot take Alf's die; the console does not even offer her actions.
    app2 = console(player2_page)
    expect(app2.locator(".smoke-waiting")).to_have_text("Waiting for Alf to act.")
    refused = player2_page.evaluate("""async id => {
        try { await game.system.api.requestGM("combat.spend", {combatId: game.combat.id, combatantId: id, action: "done"}); return null; }
        catch (e) { return e.message; } }""", combatant_id(player2_page, bex))
    assert refused == "Not yet: the current die is Alf's."

    app1 = console(player1_page)
    app1.get_by_role("button", name="Dodge").click()
    expect(app1.locator(".smoke-queue li.current")).to_have_text("5 Bex")
    expect(row(app1, "Alf").locator(".smoke-combatant-guard")).to_have_text(
        str(gm_page.evaluate("id => game.actors.get(id).system.guard.value + 2", alf)))
    app2.get_by_role("button", name="Light cover").click()
    expect(app2.locator(".smoke-queue li.current")).to_have_text("3 Alf")
    # Alf's Dodge lasts until his next action: spending the 3 ends it.
    app1.get_by_role("button", name="Done (short move)").click()
    expect(app1.locator(".smoke-queue li.current")).to_have_text("2 Bex")
    expect(row(app1, "Alf").locator(".smoke-combatant-guard")).to_have_text(
        str(gm_page.evaluate("id => game.actors.get(id).system.guard.value", alf)))

    # The GM steps back twice and forward again: nothing is spent twice or lost.
    gm_app = console(gm_page)
    gm_app.get_by_role("button", name="Step back").click()
    expect(gm_app.locator(".smoke-queue li.current")).to_have_text("3 Alf")
    gm_app.get_by_role("button", name="Step back").click()
    expect(gm_app.locator(".smoke-queue li.current")).to_have_text("5 Bex")
    expect(gm_app.locator(".smoke-queue li.spent")).to_have_text(["5 Alf"])
    spent = gm_page.evaluate("() => game.combat.combatants.contents.flatMap(c => game.system.api.sideOf(c).dice.map(d => d.spent))")
    assert sorted(s for s in spent if s is not None) == [1]
    for page in (gm_page, player1_page, player2_page):
        assert page_errors[page] == []


def test_the_bat_take_hit_applies_5_damage_and_the_gm_picks_bleeding(gm_page, player1_page, page_errors):
    """The book's bat: Guard 10, Impact 3, total 13 (margin +3), armour 1, no reaction → 5 damage, Severe; 8 → 3."""
    sal, mook = sal_and_target(gm_page)
    make_fight(gm_page, [sal, mook])
    gm_page.evaluate(SEED_DICE, [(2, 6)])  # the NPC's one die, rolled by the GM at the reveal
    player1_page.evaluate(SEED_DICE, [(6, 6), (1, 6)])
    console(player1_page).get_by_role("button", name="Roll 2 speed dice").click()
    console(gm_page).get_by_role("button", name="Reveal speed dice").click()
    expect(console(player1_page).locator(".smoke-act h3")).to_have_text("Sal acts on a 6")

    mod = player1_page.evaluate("id => game.actors.get(id).system.stats.mus.mod", sal)
    player1_page.evaluate(SEED_DICE, [(4, 6), (13 - 4 - mod, 8)])
    attack_as(player1_page, "Mook")
    card = gm_page.locator("#chat-log .smoke-check-card:has(.smoke-attack)").last
    expect(card.locator(".smoke-total")).to_have_text("13")
    expect(card.locator(".smoke-tn")).to_have_text("10")
    expect(card.locator(".smoke-attack-result.hit")).to_have_text("Hit on Mook!")
    # The target is the GM's NPC: the player sees no buttons, the GM does.
    expect(player1_page.locator("#chat-log .smoke-check-card:has(.smoke-attack)").last.locator("[data-smoke-resolve]")).to_have_count(0)
    card.get_by_role("button", name="Take hit").click()
    expect(card.locator(".smoke-attack-result.damage")).to_have_text("Mook takes 5 damage: Severe.")
    assert gm_page.evaluate("id => game.actors.get(id).system.health.value", mook) == 3
    card.get_by_role("button", name="Bleeding").click()
    expect(card.locator(".smoke-attack-gm-condition")).to_have_text("The GM adds Bleeding.")
    assert gm_page.evaluate("id => [...game.actors.get(id).statuses]", mook) == ["bleeding"]
    expect(card.locator(".smoke-attack-suggested")).to_have_count(0)
    # Resolve a hit only once.
    again = gm_page.evaluate("""async id => { try { await game.system.api.requestGM("attack.resolve", {messageId: id, choice: "take"}); }
        catch (e) { return e.message; } }""", gm_page.evaluate("() => game.messages.contents.filter(m => m.flags['the-smoke']?.attack).at(-1).id"))
    assert again == "That hit is already resolved."
    assert gm_page.evaluate("id => game.actors.get(id).system.health.value", mook) == 3
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_a_dodge_that_exactly_meets_the_attack_total_cancels_the_hit(gm_page, player1_page, player2_page, page_errors):
    sal, bex = sal_and_target(gm_page, target_owner=P2, target_kind="character")
    make_fight(gm_page, [sal, bex])
    reveal_with(gm_page, player1_page, player2_page, [6, 1], [2, 1], names=("Sal", "Bex"))
    mod = player1_page.evaluate("id => game.actors.get(id).system.stats.mus.mod", sal)
    guard = player1_page.evaluate("id => game.actors.get(id).system.guard.value", bex)
    total = guard + 2
    player1_page.evaluate(SEED_DICE, [(3, 6), (total - 3 - mod, 8)])
    attack_as(player1_page, "Bex")
    card2 = player2_page.locator("#chat-log .smoke-check-card:has(.smoke-attack)").last
    expect(card2.locator(".smoke-total")).to_have_text(str(total))
    # A Dodge needs this hit's Dodge card: asking the GM without one is refused, and spends nothing.
    attack_id = player2_page.evaluate("() => game.messages.contents.findLast(m => m.flags['the-smoke']?.attack).id")
    forged = player2_page.evaluate("""async id => { try { await game.system.api.requestGM("attack.resolve",
        {messageId: id, choice: "dodge"}); return "allowed"; } catch (e) { return e.message; } }""", attack_id)
    assert forged.startswith("That is not this hit's Dodge")
    # Bex's player rolls the Dodge (Shift: no dialog): Moves against the attack total, exactly meeting it.
    mov_mod = player2_page.evaluate("id => game.actors.get(id).system.stats.mov.mod", bex)
    effort = min(5, total - mov_mod - 1)
    player2_page.evaluate(SEED_DICE, [(effort, 6), (total - mov_mod - effort, 6)])
    card2.get_by_role("button", name="Dodge").click(modifiers=["Shift"])
    expect(card2.locator(".smoke-attack-result.dodged")).to_have_text(f"Bex dodges (Moves {total}): the whole hit is cancelled.")
    assert gm_page.evaluate("id => game.actors.get(id).system.health.value", bex) == \
        gm_page.evaluate("id => game.actors.get(id).system.health.max", bex)
    assert gm_page.evaluate("id => game.system.api.sideOf(game.combat.combatants.find(c => c.actorId === id)).reaction", bex) is True
    for page in (gm_page, player1_page, player2_page):
        assert page_errors[page] == []


def test_bleeding_applies_once_with_two_gms_and_the_gm_stepping_back_and_forth(gm_page, gm2_page, player1_page,
                                                                                 page_errors):
    alf = make_actor(gm_page, "Alf", owner=P1, system={"stats": {"mov": {"die": 6}}, "health": {"value": 8}})
    gm_page.evaluate("id => game.actors.get(id).toggleStatusEffect('bleeding', {active: true})", alf)
    make_fight(gm_page, [alf])
    health = lambda: gm_page.evaluate("id => game.actors.get(id).system.health.value", alf)  # noqa: E731
    round_ = lambda: gm_page.evaluate("() => game.combat.round")  # noqa: E731

    end_round(gm2_page)  # the assistant GM: runs on the active GM
    gm_page.wait_for_function("() => game.combat.round === 2")
    assert health() == 7
    gm_page.evaluate("() => game.combat.previousRound()")
    gm_page.wait_for_function("() => game.combat.round === 1")
    end_round(gm_page)
    gm_page.wait_for_function("() => game.combat.round === 2")
    assert health() == 7, "round 1 already ended: stepping back and forward does not bleed again"
    gm2_page.evaluate("() => game.combat.nextRound()")
    gm_page.wait_for_function("() => game.combat.round === 3")
    assert (health(), round_()) == (6, 3)
    for page in (gm_page, gm2_page, player1_page):
        expect(page.locator("#chat-log .smoke-round-end")).to_have_count(2)
        assert page_errors[page] == []


def test_a_player_cannot_apply_damage_or_drive_the_queue_directly(gm_page, player1_page, page_errors):
    sal, mook = sal_and_target(gm_page)
    combat_id = make_fight(gm_page, [sal, mook])
    direct = player1_page.evaluate("""async id => {
        try { await game.actors.get(id).update({"system.health.value": 0}); return "allowed"; } catch (e) { return e.message; } }""", mook)
    assert "lacks permission" in direct
    forged = player1_page.evaluate("""async combatId => game.users.activeGM.query("the-smoke.request",
        {type: "combat.nextRound", data: {combatId}, userId: "HarnessGMaster01", key: "guessed"})""", combat_id)
    assert forged == {"badKey": True}
    refused = player1_page.evaluate("""async () => {
        try { await game.combat.nextRound(); return "allowed"; } catch (e) { return e.message; } }""")
    assert refused == "Only a GM can do that."
    reveal = player1_page.evaluate("""async () => {
        try { await game.combat.reveal(); return "allowed"; } catch (e) { return e.message; } }""")
    assert reveal == "Only a GM can do that."
    # A forged attack card (the player claims the GM's NPC hit someone) is refused.
    forged_card = player1_page.evaluate("""async ([combatId, mookC, salC]) => {
        const m = await ChatMessage.create({content: "x", flags: {"the-smoke": {
            check: {total: 30, margin: 20, outcome: "legendary"},
            attack: {combatId, attackerId: mookC, targetId: salC, weapon: "x", impact: 9, traits: [], band: "engaged",
                     guard: 10, resolved: null}}}});
        try { await game.system.api.requestGM("attack.resolve", {messageId: m.id, choice: "take"}); return "allowed"; }
        catch (e) { return e.message; } }""", [combat_id, combatant_id(player1_page, mook), combatant_id(player1_page, sal)])
    assert forged_card == "That is not an open attack card."
    assert gm_page.evaluate("() => game.combat.round") == 1
    assert gm_page.evaluate("id => game.actors.get(id).system.health.value", mook) == 8
    assert gm_page.evaluate("id => game.actors.get(id).system.health.value", sal) == \
        gm_page.evaluate("id => game.actors.get(id).system.health.max", sal)


def test_going_back_a_round_rewinds_world_time_as_core_does(gm_page, page_errors):
    """Core's previousRound passes worldTime {delta: −roundTime}; the system's round change does the same both ways."""
    alf = make_actor(gm_page, "Alf", owner=P1, system={"stats": {"mov": {"die": 6}}})
    make_fight(gm_page, [alf])
    deltas = gm_page.evaluate("""async () => {
        CONFIG.time.roundTime = 6;
        const seen = [];
        Hooks.on("updateCombat", (c, changed, options) => { if ("round" in changed) seen.push(options.worldTime?.delta ?? null); });
        await game.combat.nextRound();
        await game.combat.previousRound();
        return seen; }""")
    assert deltas == [6, -6]
    assert page_errors[gm_page] == []


def test_the_console_follows_a_player_to_the_map_where_the_fight_is(gm_page, player1_page, page_errors):
    """Issue 25, defect 7: a player's open console said "No fight is running" after they were taken to another map
    where a fight runs, until reopened. v13: `game.combats.combats` are "the Combat instances which apply to the
    current canvas scene", `Scenes#current` is "the viewed scene if the canvas is active"
    (fvtt-types 13.345 `client/documents/collections/combat-encounters.d.mts`, `scenes.d.mts`), a Combat's `scene`
    field links it to a scene, and every client's canvas fires `canvasReady` after drawing the scene it views
    (`Canvas#draw`, Hooks `canvasReady`). The console follows the combat of the scene the player views."""
    m = gm_page.evaluate(MAKE_MAP)
    alf = make_actor(gm_page, "Alf", owner=P1)
    bruiser = make_actor(gm_page, "Bruiser")
    app = console(player1_page)
    expect(app).to_contain_text("No fight is running")
    [at, bt] = gm_page.evaluate(PLACE, [m["morning"], [{"name": "Alf", "actorId": alf, "actorLink": True, "x": 300, "y": 300},
                                                       {"name": "Bruiser", "actorId": bruiser, "actorLink": True, "x": 500, "y": 300}]])
    gm_page.evaluate("""async ([s, a, at, b, bt]) => {
        const c = await Combat.implementation.create({scene: s, system: {mode: "speed"}});
        await c.createEmbeddedDocuments("Combatant", [{actorId: a, tokenId: at, sceneId: s}, {actorId: b, tokenId: bt, sceneId: s}]);
        await c.startCombat(); }""", [m["morning"], alf, at, bruiser, bt])
    settle(player1_page)
    expect(app).to_contain_text("No fight is running")  # a fight on another map is not this player's view's fight
    gm_page.evaluate("([s, u]) => game.scenes.get(s).pullUsers([u])", [m["morning"], P1])
    player1_page.wait_for_function("s => canvas.scene?.id === s", arg=m["morning"])
    expect(row(app, "Alf")).to_be_visible()
    expect(row(app, "Bruiser")).to_be_visible()
    # and back on Mare Street, where nothing runs, the console says so again
    gm_page.evaluate("([s, u]) => game.scenes.get(s).pullUsers([u])", [m["mare"], P1])
    expect(app).to_contain_text("No fight is running")
    assert page_errors[player1_page] == [] and page_errors[gm_page] == []
