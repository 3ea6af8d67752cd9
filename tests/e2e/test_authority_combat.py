"""Authority in a fight (issue 10): each attack a hostile player tried, played in that player's own browser context
against the GM's page, is refused and leaves every document as it was; the legitimate path beside it still works.
Rulebook: When it kicks off; Attacking and defending; Distance, ammunition and holds; Harm, aid and recovery."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from helpers import (P1, P2, SEED_DICE, attack_as, combatant_id, console, make_actor, make_fight, reveal_with, sal_and_target)
from helpers import settle



def ready_to_attack(gm: Page, p1: Page) -> tuple[str, str, str]:
    """Sal (player 1, Cricket Bat, Muscle d8) against the GM's Mook (Guard 10, 8 Health); Sal acts on a 6."""
    sal, mook = sal_and_target(gm)
    combat_id = make_fight(gm, [sal, mook])
    gm.evaluate(SEED_DICE, [(2, 6)])
    p1.evaluate(SEED_DICE, [(6, 6), (1, 6)])
    console(p1).get_by_role("button", name="Roll 2 speed dice").click()
    console(gm).get_by_role("button", name="Reveal speed dice").click()
    expect(console(p1).locator(".smoke-act h3")).to_have_text("Sal acts on a 6")
    return sal, mook, combat_id


def health(page: Page, actor_id: str) -> int:
    return page.evaluate("id => game.actors.get(id).system.health.value", actor_id)


def request(page: Page, rtype: str, data: dict):
    """A request made by hand from this page; returns the result or the refusal's message."""
    return page.evaluate("""async ([type, data]) => {
        try { return {ok: await game.system.api.requestGM(type, data)}; } catch (e) { return {refused: e.message}; } }""",
                         [rtype, data])


FORGE_CARD = """async ([flags, roll]) => {
    const m = await ChatMessage.create({content: "<p>hit</p>", rolls: roll ? [JSON.stringify(roll)] : [],
        speaker: ChatMessage.getSpeaker(), flags: {"the-smoke": flags}});
    return m.id;
}"""


def roll_json(effort: list[int], stat: list[int], modifier: int, effort_die: int = 6, stat_die: int = 8) -> dict:
    def die(faces, results):
        return {"class": "Die", "options": {}, "evaluated": True, "number": 1, "faces": faces, "modifiers": [f"x>={faces}"],
                "results": [{"result": r, "active": True, **({"exploded": True} if i < len(results) - 1 else {})}
                            for i, r in enumerate(results)]}
    return {"class": "Roll", "options": {}, "dice": [], "formula": f"1d{effort_die}x>={effort_die} + 1d{stat_die}x>={stat_die} + {modifier}",
            "terms": [die(effort_die, effort), {"class": "OperatorTerm", "options": {}, "evaluated": True, "operator": "+"},
                      die(stat_die, stat), {"class": "OperatorTerm", "options": {}, "evaluated": True, "operator": "+"},
                      {"class": "NumericTerm", "options": {}, "evaluated": True, "number": modifier}],
            "total": sum(effort) + sum(stat) + modifier, "evaluated": True}


def test_a_hand_made_attack_card_is_refused_and_a_real_one_is_applied_once(gm_page, player1_page, page_errors):
    sal, mook, combat_id = ready_to_attack(gm_page, player1_page)
    sal_c, mook_c = combatant_id(gm_page, sal), combatant_id(gm_page, mook)
    # 1. No attack was declared: a card that claims a 40-margin hit with Impact 50 names no record of the GM's.
    forged = player1_page.evaluate(FORGE_CARD, [{
        "check": {"actorId": sal, "stat": "mus", "total": 50, "margin": 40, "outcome": "legendary"},
        "attack": {"combatId": combat_id, "attackerId": sal_c, "targetId": mook_c, "weapon": "Cricket Bat", "impact": 50,
                   "traits": [], "band": "engaged", "guard": 10, "resolved": None}}, roll_json([6, 6, 6, 6], [8, 8, 8, 2], 44)])
    gm_page.wait_for_function("id => !!game.messages.get(id)", arg=forged)  # the card reached the GM
    assert request(gm_page, "attack.resolve", {"messageId": forged, "choice": "take"}) == \
        {"refused": "That is not an open attack card."}
    assert health(gm_page, mook) == 8
    expect(gm_page.locator(f'[data-message-id="{forged}"] .smoke-attack-void')).to_have_text(
        "This card is not an attack the GM checked: it does not count.")
    # Nor does a die get spent on "attack" without the GM's own checks.
    assert request(player1_page, "combat.spend", {"combatId": combat_id, "combatantId": sal_c, "action": "attack"}) == \
        {"refused": "attack has its own request: use the Combat Console's button for it."}

    # 2. A real attack is declared (die spent, Guard 10 and Impact 3 recorded); the player then posts a hand-made card
    #    pointing at that record, whose roll is impossible (a 50 on a d6): refused, nothing applied.
    mod = player1_page.evaluate("id => game.actors.get(id).system.stats.mus.mod", sal)
    weapon = player1_page.evaluate("id => game.actors.get(id).items.find(i => i.name === 'Cricket Bat').id", sal)
    declared = request(player1_page, "attack.declare", {"combatId": combat_id, "attackerId": sal_c, "targetId": mook_c,
                                                        "weaponId": weapon, "band": "engaged"})
    assert "ok" in declared, declared
    declared = declared["ok"]
    assert (declared["tn"], declared["impact"]) == (10, 3)
    ref = {"combatId": combat_id, "recordId": declared["id"], "attackerId": sal_c, "targetId": mook_c, "impact": 50,
           "guard": 1, "weapon": "x", "band": "engaged", "traits": [], "resolved": None}
    bad_roll = player1_page.evaluate(FORGE_CARD, [{"check": {"actorId": sal, "stat": "mus", "total": 99, "margin": 89,
                                                             "outcome": "legendary"}, "attack": ref},
                                                  roll_json([50], [2], mod)])
    gm_page.wait_for_function("id => !!game.messages.get(id)", arg=bad_roll)  # the card reached the GM
    result = request(gm_page, "attack.resolve", {"messageId": bad_roll, "choice": "take"})
    assert "does not follow from its roll" in result["refused"] and "50 is not a face of d6" in result["refused"]
    assert health(gm_page, mook) == 8
    # 3. A card whose roll is a possible one (4 + 5 + 4 = 13) but whose flags claim margin 40 and Impact 50: the GM
    #    reads 13 against the Guard 10 it recorded, and the Impact 3 it recorded — the book's bat: 5 damage, 8 → 3.
    honest_roll = player1_page.evaluate(FORGE_CARD, [{"check": {"actorId": sal, "stat": "mus", "total": 50, "margin": 40,
                                                                "outcome": "legendary"}, "attack": ref},
                                                     roll_json([4], [13 - 4 - mod], mod)])
    # The first card bound to the record was the impossible one: the GM refuses any other card for the same attack.
    gm_page.wait_for_function("id => !!game.messages.get(id)", arg=honest_roll)  # the card reached the GM
    assert request(gm_page, "attack.resolve", {"messageId": honest_roll, "choice": "take"}) == \
        {"refused": "That card is not the roll this request was checked for: it does not count."}
    assert health(gm_page, mook) == 8
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_a_real_attack_card_reads_margin_and_impact_from_the_gms_record(gm_page, player1_page, page_errors):
    sal, mook, combat_id = ready_to_attack(gm_page, player1_page)
    mod = player1_page.evaluate("id => game.actors.get(id).system.stats.mus.mod", sal)
    player1_page.evaluate(SEED_DICE, [(4, 6), (13 - 4 - mod, 8)])
    attack_as(player1_page, "Mook")
    gm_page.wait_for_function("() => game.messages.contents.some(m => m.flags['the-smoke']?.attack)")
    card_id = gm_page.evaluate("() => game.messages.contents.findLast(m => m.flags['the-smoke']?.attack).id")
    player1_page.wait_for_function("id => !!game.messages.get(id)", arg=card_id)  # the author's own copy has arrived too
    # The attacker (who authored the card) rewrites its flags after the roll: margin 40, Impact 50, Guard 1.
    player1_page.evaluate("""async id => game.messages.get(id).update({"flags.the-smoke.check.margin": 40,
        "flags.the-smoke.attack.impact": 50, "flags.the-smoke.attack.guard": 1})""", card_id)
    gm_page.wait_for_function("id => !!game.messages.get(id)", arg=card_id)  # the card reached the GM
    assert request(gm_page, "attack.resolve", {"messageId": card_id, "choice": "take"})["ok"] == {"dodged": False, "damage": 5}
    assert health(gm_page, mook) == 3
    # Once: the card's own `resolved` cleared by its author does not reopen the hit.
    player1_page.evaluate("""async id => game.messages.get(id).update({"flags.the-smoke.attack.resolved": null})""", card_id)
    gm_page.wait_for_function("id => !!game.messages.get(id)", arg=card_id)  # the card reached the GM
    assert request(gm_page, "attack.resolve", {"messageId": card_id, "choice": "take"}) == \
        {"refused": "That hit is already resolved."}
    assert health(gm_page, mook) == 3
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_a_hand_made_grab_or_cuff_holds_nobody(gm_page, player1_page, page_errors):
    sal, mook, combat_id = ready_to_attack(gm_page, player1_page)
    sal_c, mook_c = combatant_id(gm_page, sal), combatant_id(gm_page, mook)
    forged = player1_page.evaluate(FORGE_CARD, [{"check": {"actorId": sal, "stat": "mus", "total": 30, "margin": 20,
                                                           "outcome": "legendary"},
                                                 "hold": {"kind": "grab", "combatId": combat_id, "actorId": sal_c,
                                                          "otherId": mook_c, "resolved": None}}, None])
    assert request(gm_page, "hold.resolve", {"messageId": forged}) == {"refused": "That is not an open attack card."}
    # The Grabbed a player could put on the target by hand does not make it cuffable: the GM's record holds nobody.
    assert gm_page.evaluate("id => game.system.api.sideOf(game.combat.combatants.get(id)).grabbedBy", mook_c) == ""
    cuffs = request(player1_page, "hold.cuff", {"combatId": combat_id, "actorId": sal_c, "targetId": mook_c, "index": 0})
    assert "refused" in cuffs
    assert gm_page.evaluate("id => [...game.actors.get(id).statuses]", mook) == []
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_round_state_written_on_the_combatant_by_its_owner_changes_nothing(gm_page, player1_page, player2_page,
                                                                           page_errors):
    alf = make_actor(gm_page, "Alf", owner=P1, system={"stats": {"mov": {"die": 6}}})
    bex = make_actor(gm_page, "Bex", owner=P2, system={"stats": {"mov": {"die": 6}}})
    make_fight(gm_page, [alf, bex])
    reveal_with(gm_page, player1_page, player2_page, [5, 3], [4, 1])
    before = gm_page.evaluate("() => JSON.stringify(game.combat.queue)")
    guard = gm_page.evaluate("() => game.system.api.sideOf(game.combat.combatants.contents[0]).defences")
    alf_c = combatant_id(player1_page, alf)
    # The owner writes five 6s, heavy cover, a fresh reaction, no Down clock and a chase role onto their Combatant
    # (v13 lets them), and their initiative to 99.
    player1_page.evaluate("""async id => game.combat.combatants.get(id).update({
        system: {dice: [6, 6, 6, 6, 6].map(face => ({face, spent: null})), reaction: false, defences: {cover: "heavy"},
                 downRounds: 0, grabbedBy: ""},
        "flags.the-smoke.chaseRole": "pursuer", "flags.the-smoke.spun": false, initiative: 99})""", alf_c)
    gm_page.wait_for_function("id => game.combat.combatants.get(id).initiative === 5", arg=alf_c)
    assert gm_page.evaluate("() => JSON.stringify(game.combat.queue)") == before
    assert gm_page.evaluate("() => game.system.api.sideOf(game.combat.combatants.contents[0]).defences") == guard
    # The Combat's own record is the GM's: a player cannot write it.
    refused = player1_page.evaluate("""async () => { try {
        await game.combat.update({[`system.sides.${game.combat.combatants.contents[0].id}.dice`]: [{face: 6, spent: null}]});
        return "allowed"; } catch (e) { return e.message; } }""")
    assert refused != "allowed"
    assert gm_page.evaluate("() => JSON.stringify(game.combat.queue)") == before
    assert page_errors[gm_page] == [] and page_errors[player2_page] == []
    assert all("lacks permission to update Combat" in e for e in page_errors[player1_page])


def test_a_second_combatant_for_the_same_actor_gets_no_fresh_dice(gm_page, player1_page, player2_page, page_errors):
    alf = make_actor(gm_page, "Alf", owner=P1, system={"stats": {"mov": {"die": 6}}})
    bex = make_actor(gm_page, "Bex", owner=P2, system={"stats": {"mov": {"die": 6}}})
    make_fight(gm_page, [alf, bex])
    reveal_with(gm_page, player1_page, player2_page, [5, 3], [4, 1])
    # Alf's player adds a second Combatant for Alf mid-round.
    player1_page.evaluate("async id => game.combat.createEmbeddedDocuments('Combatant', [{actorId: id}])", alf)
    gm_page.wait_for_function("() => game.combat.combatants.size === 3")
    settle(gm_page)
    faces = gm_page.evaluate("() => game.combat.combatants.contents.map(c => game.system.api.sideOf(c).dice.length)")
    assert sorted(faces) == [0, 2, 2]
    # A new face in the fight (Cat, not in it yet) joining mid-round is rolled in as before.
    cat = make_actor(gm_page, "Cat", kind="npc", system={"stats": {"mov": {"die": 6}}})
    gm_page.evaluate(SEED_DICE, [(6, 6), (2, 6)])
    gm_page.evaluate("async id => game.combat.createEmbeddedDocuments('Combatant', [{actorId: id}])", cat)
    gm_page.wait_for_function("() => game.combat.queue.current && game.combat.combatants.get(game.combat.queue.current.combatantId).name === 'Cat'")
    for page in (gm_page, player1_page, player2_page):
        assert page_errors[page] == []


def test_a_reveal_left_half_done_by_a_gm_reload_can_be_made_again(gm_page, player1_page, player2_page, open_user_page,
                                                                    page_errors):
    alf = make_actor(gm_page, "Alf", owner=P1, system={"stats": {"mov": {"die": 6}}})
    bex = make_actor(gm_page, "Bex", owner=P2, system={"stats": {"mov": {"die": 6}}})
    make_fight(gm_page, [alf, bex])
    # The GM's page set "revealing" and was then reloaded before the dice came in.
    gm_page.evaluate("() => game.combat.update({'system.phase': 'revealing'})")
    gm_page.reload()
    gm_page.wait_for_function("() => window.game?.ready === true")
    for page in (player1_page, player2_page):
        page.evaluate(SEED_DICE, [(5, 6), (3, 6)])
    console(gm_page).get_by_role("button", name="Reveal speed dice").click() if \
        console(gm_page).get_by_role("button", name="Reveal speed dice").count() else \
        gm_page.evaluate("() => game.combat.reveal()")
    gm_page.wait_for_function("() => game.combat.system.phase === 'acting'")
    assert gm_page.evaluate("() => game.combat.queue.actions.length") == 4
    for page in (player1_page, player2_page):
        assert page_errors[page] == []


def test_another_player_cannot_take_a_players_key_away(gm_page, player1_page, player2_page, page_errors):
    alf = make_actor(gm_page, "Alf", owner=P1, system={"stats": {"mov": {"die": 6}}})
    make_fight(gm_page, [alf])
    ok = request(player1_page, "combat.spend", {"combatId": "missing", "combatantId": "x"})
    assert ok == {"refused": "There is no such fight."} or "refused" in ok  # a first request fetches player 1's key
    # Player 2 pushes a key of their own to player 1 and asks the GM to re-key player 1, over and over.
    player2_page.evaluate("""async () => {
        const p1 = game.users.get("HarnessPlayer001"), gm = game.users.activeGM;
        for (let i = 0; i < 12; i++) {
            await p1.query("the-smoke.sessionKey", {key: "attacker" + i, nonce: "guess" + i}).catch(() => null);
            await gm.query("the-smoke.wantKey", {userId: "HarnessPlayer001", nonce: "n" + i}).catch(() => null);
        }
    }""")
    # All twelve of player 1's requests still reach the GM with their own key (each refused only on its merits).
    replies = player1_page.evaluate("""async () => {
        const out = [];
        for (let i = 0; i < 12; i++) {
            try { await game.system.api.requestGM("combat.nextRound", {combatId: game.combat.id}); out.push("ran"); }
            catch (e) { out.push(e.message); }
        }
        return out; }""")
    assert replies == ["Only a GM can do that."] * 12
    for page in (gm_page, player1_page, player2_page):
        assert page_errors[page] == []


def test_the_simple_tracker_never_deadlocks_the_gm_queue(gm_page, player1_page, page_errors):
    alf = make_actor(gm_page, "Alf", owner=P1, system={"stats": {"mov": {"die": 6}}})
    bo = make_actor(gm_page, "Bo", kind="npc", system={"stats": {"mov": {"die": 4}}})
    cy = make_actor(gm_page, "Cy", kind="npc", system={"stats": {"mov": {"die": 4}}})
    make_fight(gm_page, [alf, bo, cy], mode="simple")
    gm_page.evaluate("""async () => {
        const c = game.combat;
        await c.updateEmbeddedDocuments("Combatant", c.combatants.map((x, i) => ({_id: x.id, initiative: 10 - i})));
        await c.update({round: 2, turn: 0}); }""")
    # The simple tracker's order is the GM's: Alf's player writing initiative 99 is put back to the GM's 10.
    player1_page.evaluate("id => game.combat.combatants.find(c => c.actorId === id).update({initiative: 99})", alf)
    gm_page.wait_for_function("id => game.combat.combatants.find(c => c.actorId === id).initiative === 10", arg=alf)
    settled = """async fn => Promise.race([fn().then(() => "settled"), new Promise(r => setTimeout(() => r("hung"), 5000))])"""
    # Previous turn at turn 0 goes back a round (core calls previousRound from there).
    assert gm_page.evaluate(settled.replace("fn()", "game.combat.previousTurn()"), None) == "settled"
    assert gm_page.evaluate("() => [game.combat.round, game.combat.turn]") == [1, 0]
    # Skip Defeated with the last combatant defeated: the second Next turn ends the round.
    gm_page.evaluate("""async () => {
        await game.settings.set("core", "combatTrackerConfig", {resource: "", skipDefeated: true});
        await game.combat.turns.at(-1).update({defeated: true}); }""")
    assert gm_page.evaluate(settled.replace("fn()", "game.combat.nextTurn()"), None) == "settled"
    assert gm_page.evaluate(settled.replace("fn()", "game.combat.nextTurn()"), None) == "settled"
    assert gm_page.evaluate("() => game.combat.round") == 2
    # And a normal request still completes.
    assert request(player1_page, "combat.nextRound", {"combatId": gm_page.evaluate("() => game.combat.id")}) == \
        {"refused": "Only a GM can do that."}
    assert gm_page.evaluate(settled.replace("fn()", "game.combat.nextRound()"), None) == "settled"
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_toggle_defeated_and_the_initiative_controls_in_speed_mode(gm_page, player1_page, player2_page, page_errors):
    alf = make_actor(gm_page, "Alf", owner=P1, system={"stats": {"mov": {"die": 6}}})
    bex = make_actor(gm_page, "Bex", owner=P2, system={"stats": {"mov": {"die": 6}}})
    make_fight(gm_page, [alf, bex])
    reveal_with(gm_page, player1_page, player2_page, [5, 3], [4, 1])
    # Core's Roll All / Roll Initiative / Reset do not contradict the speed dice.
    gm_page.evaluate("async () => { await game.combat.rollAll(); await game.combat.rollInitiative(game.combat.combatants.map(c => c.id)); await game.combat.resetAll(); }")
    assert gm_page.evaluate("() => game.combat.combatants.contents.map(c => c.initiative).sort()") == [4, 5]
    assert gm_page.evaluate("() => game.combat.combatant.name") == "Alf"
    # The core tracker's Toggle Defeated, as core runs it: the combatant, then the defeated status on the actor.
    bex_c = combatant_id(gm_page, bex)
    gm_page.evaluate("""async id => { const c = game.combat.combatants.get(id);
        await c.update({defeated: true});
        await c.actor.toggleStatusEffect(CONFIG.specialStatusEffects.DEFEATED, {overlay: true, active: true}); }""", bex_c)
    gm_page.wait_for_function("id => game.system.api.sideOf(game.combat.combatants.get(id)).out === true", arg=bex_c)
    assert gm_page.evaluate("id => [...game.actors.get(id).statuses]", bex) == ["wasted"]
    # Bex's player cannot bring her back into the fight.
    player2_page.evaluate("id => game.combat.combatants.get(id).update({defeated: false})", bex_c)
    gm_page.wait_for_function("id => game.combat.combatants.get(id).defeated === true", arg=bex_c)
    assert gm_page.evaluate("() => game.combat.queue.actions.filter(a => !a.spent && a.canAct !== false).length") >= 0
    for page in (gm_page, player1_page, player2_page):
        assert page_errors[page] == []


def test_a_high_ends_by_world_time_and_its_comedown_follows_once(gm_page, player1_page, page_errors):
    """Food, medicine and drugs: a drug's high lasts its duration; Skunk → Blazed for its minutes, then Foggy."""
    skunk = gm_page.evaluate("""async () => {
        const pack = game.packs.get("the-smoke.drugs");
        const entry = (await pack.getIndex()).contents.find(e => e.name === "Skunk");
        return (await pack.getDocument(entry._id)).toObject(); }""")
    danny = make_actor(gm_page, "Danny", owner=P1, items=[skunk])
    # the GM records the kit as the actor is made (documents/core/kit-record.mjs); the player's use reads that record
    player1_page.wait_for_function("""id => { const a = game.actors.get(id);
        return !!a && !!game.system.api.record.kitSystem(a.items.find(i => i.name === "Skunk")); }""", arg=danny)
    player1_page.evaluate("""async id => { const a = game.actors.get(id);
        await a.useItem(a.items.find(i => i.name === "Skunk")); }""", danny)
    gm_page.wait_for_function("id => game.actors.get(id).statuses.has('blazed')", arg=danny)
    minutes = gm_page.evaluate("() => game.packs.get('the-smoke.drugs').index.find(e => e.name === 'Skunk')") and \
        player1_page.evaluate("id => game.actors.get(id).effects.contents[0].duration.seconds", danny) // 60
    assert minutes > 0
    gm_page.evaluate("s => game.time.advance(s)", minutes * 60 - 1)
    settle(gm_page)
    assert gm_page.evaluate("id => [...game.actors.get(id).statuses]", danny) == ["blazed"]
    gm_page.evaluate("() => game.time.advance(1)")
    gm_page.wait_for_function("id => game.actors.get(id).statuses.has('foggy')", arg=danny)
    gm_page.evaluate("() => game.time.advance(60)")
    settle(gm_page)
    effects = gm_page.evaluate("id => game.actors.get(id).effects.contents.map(e => [...e.statuses][0])", danny)
    assert effects.count("foggy") == 1 and "blazed" not in effects
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_stay_conscious_goes_through_the_roll_dialog_and_the_gm_reads_its_roll(gm_page, player1_page, page_errors):
    """Harm, aid and recovery › At zero Health: Stay Conscious is Grit, Medium, through the roll dialog, so Hard as Nails
    ("Grit steps up one die to stay conscious") applies; the GM reads the card's roll against the band's TN for the
    character's own dice, once a round; a hand-made card changes nothing."""
    perk = gm_page.evaluate("""async () => {
        const pack = game.packs.get("the-smoke.perks");
        const entry = (await pack.getIndex()).contents.find(e => e.name === "Hard as Nails");
        return (await pack.getDocument(entry._id)).toObject(); }""")
    sal = make_actor(gm_page, "Sal", owner=P1, system={"stats": {"grt": {"die": 6}, "mov": {"die": 6}}}, items=[perk])
    mook = make_actor(gm_page, "Mook", kind="npc", system={"stats": {"mov": {"die": 4}}})
    combat_id = make_fight(gm_page, [sal, mook])
    gm_page.evaluate("""async id => { const a = game.actors.get(id);
        await a.update({"system.health.value": 0}); await a.addCondition("down"); }""", sal)
    app = console(player1_page)
    app.get_by_role("button", name="Stay Conscious (Grit, Medium)").click()
    dialog = player1_page.locator(".application.roll-dialog")
    expect(dialog.get_by_label("Difficulty", exact=True)).to_contain_text("Medium")
    perk_id = player1_page.evaluate("id => game.actors.get(id).items.find(i => i.type === 'perk').id", sal)
    dialog.get_by_label("Perk").select_option(perk_id)
    player1_page.evaluate(SEED_DICE, [(5, 6), (7, 8)])
    dialog.get_by_role("button", name="Roll", exact=True).click()
    card = gm_page.locator("#chat-log .smoke-check-card").last
    expect(card.locator(".smoke-card-die-label").nth(1)).to_have_text("Grit d8")  # the perk's step, d6 → d8
    sal_c = combatant_id(gm_page, sal)
    gm_page.wait_for_function("id => game.system.api.sideOf(game.combat.combatants.get(id)).consciousRound === 1", arg=sal_c)
    # 5 + 7 + 4 against Medium for d6 + d6: not a Proper Mess, so not Wasted.
    assert gm_page.evaluate("id => game.system.api.sideOf(game.combat.combatants.get(id)).out", sal_c) is False
    # A hand-made Proper Mess card for Sal this round is refused: once a round, and its roll is not a check.
    forged = player1_page.evaluate(FORGE_CARD, [{"check": {"actorId": sal, "stat": "grt", "total": 1, "margin": -20,
                                                           "outcome": "properMess"},
                                                 "stayConscious": {"combatId": combat_id, "combatantId": sal_c}}, None])
    assert "refused" in request(player1_page, "combat.stayConscious", {"messageId": forged})
    assert gm_page.evaluate("id => game.system.api.sideOf(game.combat.combatants.get(id)).out", sal_c) is False
    for page in (gm_page, player1_page):
        assert page_errors[page] == []


def test_wasted_takes_its_cut_of_the_pocket_the_gm_recorded_not_a_forged_one(gm_page, player1_page, page_errors):
    """Harm, aid and recovery › Wasted: "lose 10% of pocket cash" — of the cash on the GM's record (documents/core/
    purse.mjs), never the sheet's. Sal (Player One's, £800 in pocket) is Down and rolls a Proper Mess to Stay
    Conscious. The moment the GM starts applying it (its first write to the Combat), Player One writes £1,000,000
    into Sal's pocket straight to the server: the GM still takes £80 of the recorded £800 and records £720, not
    £900,000.

    v13 facts relied on: an owner may update their own Actor (fvtt-types ``src/foundry/common/documents/actor.d.mts``,
    permission ``update`` is OWNER), so the write can be sent past the sheet; ``updateCombat`` fires on every client
    (https://foundryvtt.com/api/functions/hookEvents.updateDocument.html), so a player's script can time it."""
    sal = make_actor(gm_page, "Sal", owner=P1, system={"stats": {"grt": {"die": 6}, "mov": {"die": 6}},
                                                       "cash": {"pocket": 800, "stash": 0}})
    mook = make_actor(gm_page, "Mook", kind="npc", system={"stats": {"mov": {"die": 4}}})
    make_fight(gm_page, [sal, mook])
    gm_page.evaluate("""async id => { const a = game.actors.get(id);
        await a.update({"system.health.value": 0}); await a.addCondition("down"); }""", sal)
    player1_page.wait_for_function("id => game.system.api.money.purseOf(game.actors.get(id)).pocket === 800", arg=sal)
    player1_page.evaluate("""id => { window.smokeForged = new Promise(resolve => {
        const hook = (combat, changes) => {
            if (!JSON.stringify(changes).includes("stayConscious")) return;
            Hooks.off("updateCombat", hook);
            game.harness.socket.request("modifyDocument", {documentName: "Actor", operation: "update", parentUuid: null,
                options: {}, updates: [{_id: id, system: {cash: {pocket: 1000000}}}]}).then(resolve);
        };
        Hooks.on("updateCombat", hook); }); }""", sal)
    player1_page.evaluate(SEED_DICE, [(1, 6), (1, 6)])
    console(player1_page).get_by_role("button", name="Stay Conscious (Grit, Medium)").click()
    player1_page.locator(".application.roll-dialog").get_by_role("button", name="Roll", exact=True).click()
    player1_page.evaluate("() => window.smokeForged")
    sal_c = combatant_id(gm_page, sal)
    gm_page.wait_for_function("id => game.system.api.sideOf(game.combat.combatants.get(id)).out === true", arg=sal_c)
    gm_page.wait_for_function("id => game.actors.get(id)._source.system.cash.pocket !== 1000000", arg=sal)
    settle(gm_page)
    assert gm_page.evaluate("id => game.system.api.money.purseOf(game.actors.get(id)).pocket", sal) == 720
    assert gm_page.evaluate("id => game.actors.get(id)._source.system.cash.pocket", sal) == 720
    for page in (gm_page, player1_page):
        assert page_errors[page] == []
